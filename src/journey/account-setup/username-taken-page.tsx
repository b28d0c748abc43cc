import { Screen } from '../../components/layout/screen';
import { useLogOutToLogin } from '../../lib/use-log-out';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { setupPhoneStep, useAccountSetupCalls } from './use-account-setup';
import { UsernameForm } from './username-form';
import { errorTexts } from '../../lib/messages/errors';
import { accountSetupTexts } from '../../lib/messages/account-setup';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/account-setup/username-taken`: the username was registered by someone else before the
 * credentials were saved (CVERR02). A new one that is free is saved with the same password and
 * email (and the setup completed with its token, when there is one), then the phone follows.
 * Cancel logs out to the login page.
 */
export function UsernameTakenPage() {
  const step = useStep('setup-username-taken');
  const journey = useJourney();
  const { saveCredentials, savedUsername } = useAccountSetupCalls();

  // Signing out ends the journey too: the setup's password is forgotten.
  const cancel = useLogOutToLogin();

  return (
    // Choosing a username is the setup's first step.
    <Screen id="username-taken-heading" heading={errorTexts.usernameTakenAgain} setupStep={1}>
      <p>{accountSetupTexts.usernameTakenMeanwhile}</p>
      <UsernameForm
        defaultValue={step.setup.username}
        onAvailable={async (username) => {
          const outcome = await saveCredentials({ ...step.setup, username });
          if (outcome.kind === 'taken') return outcome.description ?? (() => errorTexts.usernameTakenAgain);
          if (outcome.kind === 'saved' && step.back?.name === 'code-entry') journey.advance(setupPhoneStep(outcome.setup, step.back));
          return null;
        }}
        secondary={{ text: commonTexts.cancel, onClick: cancel }}
        isOwn={savedUsername}
      />
    </Screen>
  );
}
