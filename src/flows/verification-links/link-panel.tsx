import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../lib/paths';

/** One state of a link page: its heading, what it says, and a way forward (Sign In by default). */
export function LinkPanel({
  heading,
  children,
  actions,
  signInLabel = 'Sign In',
  busy = false,
}: {
  readonly heading: string;
  readonly children?: ReactNode;
  /** Buttons before Sign In (a resend, a retry). */
  readonly actions?: ReactNode;
  /** The label of the way back to the sign-in form ('Login' on the invitation pages); null for none. */
  readonly signInLabel?: string | null;
  readonly busy?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Page>
      <Card labelledBy="link-heading" busy={busy}>
        <PageHeading id="link-heading">{heading}</PageHeading>
        {children}
        <ActionsRow>
          {actions}
          {signInLabel ? (
            <Button variant={actions ? 'secondary' : 'primary'} onClick={() => navigate(paths.signIn)}>
              {signInLabel}
            </Button>
          ) : null}
        </ActionsRow>
      </Card>
    </Page>
  );
}

/** While the gateway checks the link. */
export function CheckingLink() {
  return (
    <LinkPanel heading="Checking your link" signInLabel={null} busy>
      <p>One moment while we check your link…</p>
    </LinkPanel>
  );
}

/** The gateway could not say what the link is: a way to try again, and Sign In. */
export function LinkCheckFailed({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <LinkPanel
      heading="We could not check your link"
      actions={
        <Button onClick={onRetry} variant="primary">
          Try again
        </Button>
      }
    >
      <p role="alert">Something went wrong on our side. Please try again in a few minutes.</p>
    </LinkPanel>
  );
}
