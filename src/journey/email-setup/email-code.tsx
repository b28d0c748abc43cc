import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useMarkEmailVerified } from '../../../generated/hooks/profile/profile';
import { errorToast } from '../../lib/api/error-catalogue';
import { notify } from '../../lib/notifications';
import { useStoredSession } from '../../lib/use-stored-session';
import { useOnce } from '../../lib/use-single-flight';
import { setupPhoneStep, useAccountSetupCalls } from '../account-setup/use-account-setup';
import { CodeEntryScreen } from '../code-entry/code-entry-screen';
import type { CodeEntryStep, CodeRequest } from '../journey';
import { useJourney } from '../use-journey';
import { errorTexts } from '../../lib/messages/errors';

type EmailCodeRequest = Extract<CodeRequest, { readonly for: 'email' }>;

/**
 * The code sent to an email address: once it is verified the address is marked verified, then
 * multi-factor adoption goes on to the phone, and account setup (its step 4) saves the
 * credentials (and completes the setup with its link's token) before the phone; a username
 * taken meanwhile (CVERR02) goes to /account-setup/username-taken. Reopened by the phone's Back
 * (the credentials saved), its code was used: a new one can be asked for at once.
 */
export function EmailCode({ step, code }: { readonly step: CodeEntryStep; readonly code: EmailCodeRequest }) {
  const { userId } = useStoredSession();
  const journey = useJourney();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkEmailVerified();
  const { saveCredentials } = useAccountSetupCalls();

  // Another try after a failure (Continue again) repeats only what failed: a code is good once.
  const once = useOnce();

  const verify = async (value: string) => {
    await once('code', () => verifyCode.mutateAsync({ data: { code: value, type: 'email' } }));
    try {
      await once('marked', () => markVerified.mutateAsync({ params: { type: 'email' } }));
    } catch {
      notify(errorToast(() => errorTexts.verifyEmail));
      return;
    }
    if (!code.setup) return journey.advance({ name: 'phone-setup', purpose: 'adoption', setup: null, back: null });
    const outcome = await saveCredentials(code.setup);
    if (outcome.kind === 'taken') journey.advance({ name: 'setup-username-taken', setup: code.setup, back: step });
    if (outcome.kind === 'saved') journey.advance(setupPhoneStep(outcome.setup, step));
  };

  return (
    <CodeEntryScreen
      step={step}
      method={{ type: 'email', contactInfo: code.email }}
      // Account setup's email is its only method: the link reads Cancel, back to the email.
      methodCount={code.setup ? 1 : 2}
      setupStep={code.setup ? 4 : undefined}
      verify={verify}
      sentAt={code.setup?.saved ? null : undefined}
      resend={async () => {
        await requestCode.mutateAsync({ userId, data: { type: 'email' } });
      }}
      failure={errorToast(() => errorTexts.verifyEmail)}
    />
  );
}
