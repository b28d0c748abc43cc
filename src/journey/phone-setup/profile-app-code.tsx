import { useNavigate } from 'react-router-dom';
import { useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { signInInternalError } from '../../lib/api/failures';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { paths } from '../../lib/paths';
import { CodeEntryScreen } from '../code-entry/code-entry-screen';
import type { CodeEntryStep } from '../journey';
import { useJourney } from '../use-journey';
import { totpVerifiedSlot } from './profile-slots';

/**
 * The authenticator app's code a profile user with an app gives before changing the phone (spec
 * section 4): once it is verified, back to /profile-update-phone for the new phone; Cancel goes
 * back to the profile.
 */
export function ProfileAppCode({ step }: { readonly step: CodeEntryStep }) {
  const navigate = useNavigate();
  const journey = useJourney();
  const verifyCode = useVerifyMfaCode();

  const verify = async (value: string) => {
    await verifyCode.mutateAsync({ data: { code: value, type: 'totp' } });
    totpVerifiedSlot.write(true);
    journey.end();
    // In place of the code screen, which has nothing left to do.
    navigate(paths.profileUpdatePhone, { replace: true });
  };

  return (
    <CodeEntryScreen
      step={step}
      method={{ type: 'totp' }}
      methodCount={1}
      verify={verify}
      leaveTo={externalTargets(env.envPathPrefix).profileSecurity}
      // A code the gateway refused is 'not valid' (the shared form); a failure to check it is no verdict on it.
      failure={signInInternalError}
    />
  );
}
