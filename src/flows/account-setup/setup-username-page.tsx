import { useNavigate } from 'react-router-dom';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { setAccountSetup, useJourneyState } from '../../lib/journey/journey';
import { paths } from '../../lib/paths';
import { UsernameForm } from './username-form';

/** `/account-setup/username`, step 1: a username that is free. Coming back here keeps the email typed later. */
export function SetupUsernamePage() {
  const navigate = useNavigate();
  const { setup } = useJourneyState();
  return (
    <Page>
      <Card labelledBy="setup-username-heading">
        <SetupStepHeading id="setup-username-heading" step={1}>
          Choose your username
        </SetupStepHeading>
        <p>You will use it to sign in to your account.</p>
        <UsernameForm
          defaultValue={setup?.username ?? ''}
          onAvailable={async (username) => {
            setAccountSetup({ username, password: null, email: setup?.email ?? null, saved: false, emailCode: null });
            navigate(paths.accountSetupPassword);
            return null;
          }}
        />
      </Card>
    </Page>
  );
}
