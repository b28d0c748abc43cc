import type { ComponentProps, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyToken } from '../../../generated/hooks/verification/verification';
import type { VerificationRecord } from '../../../generated/models/verificationRecord';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { answerData } from '../../lib/api/answer-data';
import { isRefusal, waitMessage } from '../../lib/api/error-catalogue';
import { paths } from '../../lib/paths';
import { ResendButton } from './resend-button';
import { verificationLinkTexts } from '../../lib/messages/verification-links';

/** One state of a link page: its heading, what it says, and a way forward (Sign In by default). */
export function LinkPanel({
  heading,
  children,
  resend,
  actions = resend ? <ResendButton {...resend} /> : undefined,
  signInLabel = verificationLinkTexts.signIn,
  busy = false,
}: {
  readonly heading: string;
  readonly children?: ReactNode;
  /** An expired link's resend, the panel's action. */
  readonly resend?: ComponentProps<typeof ResendButton> | undefined;
  readonly actions?: ReactNode;
  /** The label of the way back to the sign-in form ('Login' on the invitation pages); null for none. */
  readonly signInLabel?: string | null;
  readonly busy?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Screen id="link-heading" heading={heading} busy={busy}>
      {children}
      <ActionsRow>
        {actions}
        {signInLabel ? (
          <Button variant={actions ? 'secondary' : 'primary'} onClick={() => navigate(paths.signIn)}>
            {signInLabel}
          </Button>
        ) : null}
      </ActionsRow>
    </Screen>
  );
}

export function CheckingLink() {
  return (
    <LinkPanel heading={verificationLinkTexts.checkingLink} signInLabel={null} busy>
      <p>{verificationLinkTexts.checkingLinkWait}</p>
    </LinkPanel>
  );
}

/**
 * The gateway could not say what the link is: a way to try again, and Sign In. A 429 says how
 * long to wait (the link may be good: it is not called expired).
 */
export function LinkCheckFailed({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) {
  return (
    <LinkPanel
      heading={verificationLinkTexts.linkNotChecked}
      actions={
        <Button onClick={onRetry} variant="primary">
          {verificationLinkTexts.tryAgain}
        </Button>
      }
    >
      <p role="alert">{waitMessage(error) ?? verificationLinkTexts.linkNotCheckedHelp}</p>
    </LinkPanel>
  );
}

/**
 * The gateway's record of a link's token, checked once; `children` say what it means for the
 * page, and `refused` what the page shows when the gateway turns the token down (the page's
 * expired state: asking again would get the same answer).
 */
export function LinkRecord({
  token,
  refused,
  children,
}: {
  readonly token: string;
  readonly refused: ReactNode;
  readonly children: (record: VerificationRecord) => ReactNode;
}) {
  const record = useVerifyToken({ token }, { query: { retry: false, staleTime: Infinity } });
  if (record.isPending) return <CheckingLink />;
  if (record.isError)
    return isRefusal(record.error) ? refused : <LinkCheckFailed error={record.error} onRetry={() => void record.refetch()} />;
  return children(answerData(record.data));
}
