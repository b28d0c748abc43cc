import { useNavigate, useOutletContext } from 'react-router-dom';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { NewPasswordForm } from '../../components/password/new-password-form';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { setAccountSetup, type AccountSetup } from '../../lib/journey/journey';
import { paths } from '../../lib/paths';

/**
 * `/account-setup/password`, step 2: the password, with the rules as a live checklist and
 * Continue disabled until both entries meet them. It stays in memory until the credentials are saved.
 */
export function SetupPasswordPage() {
  const navigate = useNavigate();
  const setup = useOutletContext<AccountSetup>();
  return (
    <Page>
      <Card labelledBy="setup-password-heading">
        <SetupStepHeading id="setup-password-heading" step={2}>
          Create your password
        </SetupStepHeading>
        <NewPasswordForm
          busy={false}
          error={null}
          onSubmit={async (password) => {
            setAccountSetup({ ...setup, password });
            navigate(paths.accountSetupEmail);
            return true;
          }}
          onCancel={() => navigate(paths.accountSetupUsername)}
          cancelText="Back"
        />
      </Card>
    </Page>
  );
}
