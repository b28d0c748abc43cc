import { errorToast } from '../../lib/api/error-catalogue';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { useStoredSession } from '../../lib/use-stored-session';
import { CodeEntryScreen } from '../code-entry/code-entry-screen';
import type { CodeEntryStep, CodeRequest } from '../journey';
import { useLanding } from '../landing/use-landing';
import { useJourney } from '../use-journey';
import { SETUP_PHONE_STEPS } from './phone-setup';
import { profileUpdatePhoneSlot } from './profile-slots';
import { usePhoneSetup } from './use-phone-setup';
import { errorTexts } from '../../lib/messages/errors';

type PhoneCodeRequest = Extract<CodeRequest, { readonly for: 'phone' }>;

/**
 * The code sent to a phone being set up. Once it is verified (and multi-factor sign-in switched
 * on), what follows depends on why the phone was set up: after a sign-in or in adoption, the
 * landing address saved at sign-in; after account setup, a participant's redirection address or
 * the post-login redirect; from the profile, the profile's success page.
 */
export function PhoneCode({ step, code }: { readonly step: CodeEntryStep; readonly code: PhoneCodeRequest }) {
  const { role } = useStoredSession();
  const journey = useJourney();
  const landing = useLanding();
  const phoneSetup = usePhoneSetup();

  const verify = async (value: string) => {
    if (!(await phoneSetup.verifyCode(value, code.method))) return;
    switch (code.purpose) {
      case 'sign-in':
      case 'adoption':
        return landing.run((module, deps) => module.continueToLanding(deps));
      case 'setup':
        return landing.run((module, deps) =>
          role === 'ROLE_PARTICIPANT' ? module.participantRedirect(deps) : module.postLoginRedirect(deps),
        );
      case 'profile':
        profileUpdatePhoneSlot.remove();
        journey.end();
        return leavePortal(externalTargets(env.envPathPrefix).profilePhoneUpdated);
    }
  };

  return (
    <CodeEntryScreen
      step={step}
      method={{ type: code.method, contactInfo: code.phone.number }}
      // Both methods are offered for a phone: the link reads Back.
      methodCount={2}
      setupStep={code.purpose === 'setup' ? SETUP_PHONE_STEPS.code : undefined}
      verify={verify}
      resend={() => phoneSetup.sendCode(code.method)}
      failure={errorToast(() => errorTexts.verifyPhone)}
    />
  );
}
