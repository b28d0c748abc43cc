import { useNavigate } from 'react-router-dom';
import { useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { errorToast } from '../../lib/api/error-catalogue';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { paths } from '../../lib/paths';
import { CodeEntryScreen } from '../code-entry/code-entry-screen';
import type { CodeEntryStep } from '../journey';
import { useJourney } from '../use-journey';
import { totpVerifiedSlot } from './profile-slots';
import { errorTexts } from '../../lib/messages/errors';

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
      failure={errorToast(() => errorTexts.codeNotValid)}
    />
  );
}
