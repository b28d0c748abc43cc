import { useStep } from '../require-step';
import { Screen } from '../../components/layout/screen';
import { useJourney } from '../use-journey';
import { UsernameForm } from './username-form';
import { accountSetupTexts } from '../../lib/messages/account-setup';

/** `/account-setup/username`, step 1: a username that is free. Coming back here keeps what was chosen later. */
export function SetupUsernamePage() {
  const step = useStep('setup-username');
  const journey = useJourney();
  return (
    <Screen id="setup-username-heading" heading={accountSetupTexts.usernameHeading} setupStep={1}>
      <p>{accountSetupTexts.usernameUse}</p>
      <UsernameForm
        defaultValue={step.setup.username}
        onAvailable={async (username) => {
          const setup = { ...step.setup, username };
          // Back returns to this step as the user leaves it, the username chosen.
          journey.advance({ name: 'setup-password', setup, back: { ...step, setup } });
          return null;
        }}
      />
    </Screen>
  );
}
