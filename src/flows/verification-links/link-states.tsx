import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSignInWithToken } from '../../../generated/hooks/sign-in/sign-in';
import {
  useResendEnrollmentEmail,
  useResendVerification,
  useResendVerificationEmail,
} from '../../../generated/hooks/verification/verification';
import { isRefusal } from '../../lib/api/error-catalogue';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { useLanding } from '../../journey/landing/use-landing';
import type { VerificationRecord } from '../../../generated/models/verificationRecord';
import { CheckingLink, LinkCheckFailed, LinkPanel } from './link-panel';
import { linkState, needsFreshVerification } from './link-state';
import { verificationLinkTexts } from '../../lib/messages/verification-links';

/*
 * The states the link pages share (spec section 2, "Link-verification screens"): the email
 * states, the enrollment (invitation) states, and the hand-over of a usable enrollment link.
 */

/** A link without a usable token: nothing to resend, so the inbox and Sign In. */
export function LinkWithoutToken() {
  return (
    <LinkPanel heading={verificationLinkTexts.linkExpired}>
      <p>{verificationLinkTexts.linkExpiredHelp}</p>
    </LinkPanel>
  );
}

export function EmailLinkExpired({ token }: { readonly token: string }) {
  const resend = useResendVerificationEmail();
  return (
    <LinkPanel
      heading={verificationLinkTexts.emailLinkExpired}
      resend={{
        label: verificationLinkTexts.resendVerificationLink,
        type: 'verification',
        send: () => resend.mutateAsync({ data: { token } }),
      }}
    >
      <p>{verificationLinkTexts.emailLinkExpiredHelp}</p>
    </LinkPanel>
  );
}

export function EmailAlreadyVerified() {
  return <LinkPanel heading={verificationLinkTexts.emailAlreadyVerified} />;
}

function EnrollmentLinkExpired({ token }: { readonly token: string }) {
  const resend = useResendEnrollmentEmail();
  return (
    <LinkPanel
      heading={verificationLinkTexts.enrollmentExpired}
      signInLabel={verificationLinkTexts.login}
      resend={{
        label: verificationLinkTexts.resendEnrollmentEmail,
        type: 'enrollment',
        send: () => resend.mutateAsync({ data: { token } }),
      }}
    >
      <p>{verificationLinkTexts.enrollmentExpiredHelp}</p>
    </LinkPanel>
  );
}

function EnrollmentCompleted() {
  return (
    <LinkPanel heading={verificationLinkTexts.enrollmentCompleted} signInLabel={verificationLinkTexts.login}>
      <p>{verificationLinkTexts.enrollmentCompletedHelp}</p>
    </LinkPanel>
  );
}

function TrusteeLinkExpired({ token, fresh }: { readonly token: string; readonly fresh: boolean }) {
  const resend = useResendVerification();
  return (
    <LinkPanel
      heading={verificationLinkTexts.trusteeExpired}
      resend={
        fresh
          ? { label: verificationLinkTexts.resendLink, type: 'trustee signing', send: () => resend.mutateAsync({ data: { token } }) }
          : undefined
      }
    >
      {fresh ? <p>{verificationLinkTexts.trusteeResendHelp}</p> : <p>{verificationLinkTexts.trusteeReplacedHelp}</p>}
    </LinkPanel>
  );
}

/**
 * An enrollment link by its record: completed, expired (with a resend), or usable. A trustee's
 * link has its own completed and expired states.
 */
export function EnrollmentLink({
  token,
  link,
  trustee = false,
}: {
  readonly token: string;
  readonly link: VerificationRecord;
  readonly trustee?: boolean;
}) {
  const state = linkState(link);
  if (state === 'completed') return trustee ? <LinkPanel heading={verificationLinkTexts.trusteeCompleted} /> : <EnrollmentCompleted />;
  const expired = trustee ? (
    <TrusteeLinkExpired token={token} fresh={needsFreshVerification(link)} />
  ) : (
    <EnrollmentLinkExpired token={token} />
  );
  return state === 'expired' ? expired : <EnrollmentHandover token={token} expired={expired} />;
}

/**
 * A usable enrollment link (an invitation, an account set-up, trustee signing): its token signs
 * the user in, once, and the account set-up begins. A token the gateway turns down is an expired
 * link; a gateway that fails (or asks to wait) offers to try again.
 */
function EnrollmentHandover({ token, expired }: { readonly token: string; readonly expired: ReactNode }) {
  const signIn = useSignInWithToken();
  const { startSetupFromLink } = useLanding();
  const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null);
  const attempts = useRef(0);
  const [round, setRound] = useState(0);

  useEffect(() => {
    // Once per round: a second render (or React's development re-run) must not sign in twice.
    if (attempts.current > round) return;
    attempts.current = round + 1;
    signIn
      .mutateAsync({ data: { token, fingerprint: deviceFingerprint() } })
      .then((result) => startSetupFromLink(result, token))
      .catch((error: unknown) => setFailure({ error }));
  }, [round, signIn, startSetupFromLink, token]);

  if (failure && isRefusal(failure.error)) return <>{expired}</>;
  if (failure)
    return (
      <LinkCheckFailed
        error={failure.error}
        onRetry={() => {
          setFailure(null);
          setRound((value) => value + 1);
        }}
      />
    );
  return <CheckingLink />;
}
