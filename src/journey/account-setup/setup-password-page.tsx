import { NewPasswordForm } from '../../components/password/new-password-form';
import { Screen } from '../../components/layout/screen';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { accountSetupTexts } from '../../lib/messages/account-setup';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/account-setup/password`, step 2: the password, with the rules as a live checklist and
 * Continue disabled until both entries meet them. It stays in memory until the credentials are saved.
 */
export function SetupPasswordPage() {
  const step = useStep('setup-password');
  const journey = useJourney();
  return (
    <Screen id="setup-password-heading" heading={accountSetupTexts.passwordHeading} setupStep={2}>
      <NewPasswordForm
        // Back returns to this step without the password: it is chosen again.
        save={(password) => journey.advance({ name: 'setup-email', setup: { ...step.setup, password }, back: step })}
        onCancel={() => journey.back(step)}
        cancelText={commonTexts.back}
      />
    </Screen>
  );
}
