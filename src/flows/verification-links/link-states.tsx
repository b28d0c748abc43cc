import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSignInWithToken } from '../../../generated/hooks/sign-in/sign-in';
import {
  useResendEnrollmentEmail,
  useResendVerification,
  useResendVerificationEmail,
} from '../../../generated/hooks/verification/verification';
import { isApiError } from '../../lib/api/api-error';
import { businessErrorDescription } from '../../lib/api/error-catalogue';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { useLanding } from '../../journey/landing/use-landing';
import { CheckingLink, LinkCheckFailed, LinkPanel } from './link-panel';
import { ResendButton } from './resend-button';

/*
 * The states the link pages share (spec section 2, "Link-verification screens"): the email
 * states, the enrollment (invitation) states, and the hand-over of a usable enrollment link.
 */

/** A link without a usable token: nothing to resend, so the inbox and Sign In. */
export function LinkWithoutToken() {
  return (
    <LinkPanel heading="This link has expired">
      <p>Please check your inbox for a more current email, or sign in to your account.</p>
    </LinkPanel>
  );
}

export function EmailLinkExpired({ token }: { readonly token: string }) {
  const resend = useResendVerificationEmail();
  return (
    <LinkPanel
      heading="Email verification link expired"
      actions={<ResendButton label="Resend Verification Link" type="verification" send={() => resend.mutateAsync({ data: { token } })} />}
    >
      <p>Links to verify your email address expire after a while. We can send you a new one.</p>
    </LinkPanel>
  );
}

export function EmailAlreadyVerified() {
  return <LinkPanel heading="Email already verified!" />;
}

export function EmailVerified() {
  return <LinkPanel heading="Your email address has been verified!" />;
}

export function EnrollmentLinkExpired({ token }: { readonly token: string }) {
  const resend = useResendEnrollmentEmail();
  return (
    <LinkPanel
      heading="Enrollment Link Expired"
      signInLabel="Login"
      actions={<ResendButton label="Resend Enrollment Email" type="enrollment" send={() => resend.mutateAsync({ data: { token } })} />}
    >
      <p>Please check your inbox for a more current enrollment email. If you can&apos;t find one, we can send you a new link.</p>
    </LinkPanel>
  );
}

export function EnrollmentCompleted() {
  return (
    <LinkPanel heading="Enrollment Already Completed" signInLabel="Login">
      <p>Your account is set up. Please log in.</p>
    </LinkPanel>
  );
}

export function TrusteeLinkExpired({ token, fresh }: { readonly token: string; readonly fresh: boolean }) {
  const resend = useResendVerification();
  return (
    <LinkPanel
      heading="The link you are using to sign your trust documents has expired."
      actions={
        fresh ? <ResendButton label="Resend Link" type="trustee signing" send={() => resend.mutateAsync({ data: { token } })} /> : undefined
      }
    >
      {fresh ? (
        <p>We can send you a new link to sign your trust documents.</p>
      ) : (
        <p>Please check your inbox for a more current email with a link to sign your trust documents.</p>
      )}
    </LinkPanel>
  );
}

export function TrusteeCompleted() {
  return <LinkPanel heading="Looks like you've already completed signing your trust documents." />;
}

/**
 * A usable enrollment link (an invitation, an account set-up, trustee signing): its token signs
 * the user in, once, and the account set-up begins. A token the gateway turns down is an expired
 * link; a gateway that fails offers to try again.
 */
export function EnrollmentHandover({ token, expired }: { readonly token: string; readonly expired: ReactNode }) {
  const signIn = useSignInWithToken();
  const { startSetupFromLink } = useLanding();
  const [outcome, setOutcome] = useState<'refused' | 'failed' | null>(null);
  const attempts = useRef(0);
  const [round, setRound] = useState(0);

  useEffect(() => {
    // Once per round: a second render (or React's development re-run) must not sign in twice.
    if (attempts.current > round) return;
    attempts.current = round + 1;
    signIn
      .mutateAsync({ data: { token, fingerprint: deviceFingerprint() } })
      .then((result) => startSetupFromLink(result, token))
      .catch((error: unknown) => setOutcome(isApiError(error) && businessErrorDescription(error) ? 'refused' : 'failed'));
  }, [round, signIn, startSetupFromLink, token]);

  if (outcome === 'refused') return <>{expired}</>;
  if (outcome === 'failed')
    return (
      <LinkCheckFailed
        onRetry={() => {
          setOutcome(null);
          setRound((value) => value + 1);
        }}
      />
    );
  return <CheckingLink />;
}
