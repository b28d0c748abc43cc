import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { UsernameForm } from './username-form';
import { accountSetupTexts } from '../../lib/messages/account-setup';

/** `/account-setup/username`, step 1: a username that is free. Coming back here keeps what was chosen later. */
export function SetupUsernamePage() {
  const step = useStep('setup-username');
  const journey = useJourney();
  return (
    <Page>
      <Card labelledBy="setup-username-heading">
        <SetupStepHeading id="setup-username-heading" step={1}>
          {accountSetupTexts.usernameHeading}
        </SetupStepHeading>
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
      </Card>
    </Page>
  );
}
