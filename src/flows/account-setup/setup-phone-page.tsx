import { useNavigate } from 'react-router-dom';
import { PhoneSetup } from '../../components/phone-setup/phone-setup';
import { currentJourney, setAccountSetup, setVerification } from '../../lib/journey/journey';
import { phoneBack } from '../../lib/journey/phone-setup';
import { useJourney } from '../../lib/journey/use-journey';
import { paths } from '../../lib/paths';
import { useStoredSession } from '../../lib/use-stored-session';

/** Account setup's step numbers of the phone entry, the choice of method and the code. */
const PHONE_STEPS = { entry: 5, method: 6, code: 7 } as const;

/**
 * `/account-setup/phone`, steps 5 to 7: the shared phone set-up, titled 'Lastly, add an extra
 * layer of security to your account', without a Cancel button. Back returns to the stored back
 * route (the email's code screen, reopened as it was). Once the phone is verified a participant
 * goes to the participant redirection address, anyone else through the post-login redirect.
 */
export function SetupPhonePage() {
  const navigate = useNavigate();
  const journey = useJourney();
  const { role } = useStoredSession();

  const back = () => {
    const { phoneBackRoute, setup } = currentJourney();
    if (phoneBackRoute === paths.mfaVerification && setup?.emailCode) setVerification(setup.emailCode);
    phoneBack(navigate);
  };

  const finish = async () => {
    // The setup is over; what follows is the journey after sign-in.
    setAccountSetup(null);
    await journey.runStep((steps) => (role === 'ROLE_PARTICIPANT' ? steps.participantRedirect() : steps.postLoginRedirect()));
  };

  return (
    <PhoneSetup
      mode="setup"
      title="Lastly, add an extra layer of security to your account"
      route={paths.accountSetupPhone}
      setupSteps={PHONE_STEPS}
      secondaryLink={{ text: 'Back', onClick: back }}
      onVerified={finish}
    />
  );
}
