import { useRequestMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useResetPassword } from '../../../generated/hooks/recovery/recovery';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { paths } from '../../lib/paths';
import { CodeEntryScreen } from '../code-entry/code-entry-screen';
import type { CodeEntryStep, CodeRequest } from '../journey';
import { useLanding } from '../landing/use-landing';
import { RecoveryCodeOption } from '../recovery-code/recovery-code-option';
import { useJourney } from '../use-journey';

type ChosenCode = Extract<CodeRequest, { readonly for: 'sign-in' | 'reset' }>;

/**
 * The code of a method chosen on /mfa: it completes the sign-in (sent as the sign-in's second
 * factor; a recovery code may stand in for it), or proves a password reset (whose email follows).
 */
export function ChosenMethodCode({ step, code }: { readonly step: CodeEntryStep; readonly code: ChosenCode }) {
  const journey = useJourney();
  const landing = useLanding();
  const authenticate = useAuthenticate();
  const resetPassword = useResetPassword();
  const requestCode = useRequestMfaCode();
  const username = code.for === 'sign-in' ? code.signIn.username : code.reset.username;

  const verify = async (value: string) => {
    if (code.for === 'reset') {
      await resetPassword.mutateAsync({ data: { username, mfaCode: value, captcha: code.reset.captcha } });
      journey.end(paths.resetSuccess);
      return;
    }
    const result = await authenticate.mutateAsync({
      data: deviceFingerprint(),
      headers: { twilioMfaCode: value, codeType: code.method.type },
    });
    await landing.completeSignIn(result, code.signIn);
  };

  return (
    <CodeEntryScreen
      step={step}
      method={code.method}
      methodCount={code.for === 'sign-in' ? code.methodCount : code.reset.methods.length}
      verify={verify}
      // Codes from an app are never sent.
      resend={
        code.method.type === 'totp'
          ? undefined
          : async () => {
              await requestCode.mutateAsync({ data: { type: code.method.type, username } });
            }
      }
      failure={signInInternalError}
      alternative={
        code.for === 'sign-in' ? (oneTimeCode) => <RecoveryCodeOption signIn={code.signIn} oneTimeCode={oneTimeCode} /> : undefined
      }
    />
  );
}
