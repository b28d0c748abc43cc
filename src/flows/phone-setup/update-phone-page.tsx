import { useNavigate } from 'react-router-dom';
import { PhoneSetup } from '../../components/phone-setup/phone-setup';
import { phoneBack } from '../../lib/journey/phone-setup';
import { useJourney } from '../../lib/journey/use-journey';
import { paths } from '../../lib/paths';

/**
 * `/update-phone`: adds the phone for one-time codes after sign-in (no phone and no authenticator
 * app, or multi-factor adoption). The shared phone set-up; once it is done, the user goes on to
 * the landing address saved at sign-in.
 */
export function UpdatePhonePage() {
  const navigate = useNavigate();
  const journey = useJourney();
  return (
    <PhoneSetup
      mode="setup"
      route={paths.updatePhone}
      secondaryLink={{ text: 'Back', onClick: () => phoneBack(navigate) }}
      onVerified={() => journey.runStep((steps) => steps.continueToLanding())}
    />
  );
}
