import { zodResolver } from '@hookform/resolvers/zod';
import { Screen } from '../../components/layout/screen';
import { usePortalForm } from '../../lib/use-portal-form';
import { useRequestUserMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useUpdateEmail } from '../../../generated/hooks/profile/profile';
import type { EmailRequest } from '../../../generated/models/emailRequest';
import { EmailAddressField, emailAddressSchema } from '../../components/email-address/email-address-field';
import { FormFooter } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { errorToast } from '../../lib/api/error-catalogue';
import { notify } from '../../lib/notifications';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import { codeSent } from '../code-request-failure';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { errorTexts } from '../../lib/messages/errors';
import { accountSetupTexts } from '../../lib/messages/account-setup';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/account-setup/email`, step 3: the email address is updated and a code sent to it; step 4 is
 * that code on /mfa-verification (the code screen's `email` purpose).
 */
export function SetupEmailPage() {
  const { userId } = useStoredSession();
  const step = useStep('setup-email');
  const journey = useJourney();
  const updateEmail = useUpdateEmail();
  const requestCode = useRequestUserMfaCode();
  const flight = useSingleFlight();
  const form = usePortalForm<EmailRequest>({ resolver: zodResolver(emailAddressSchema), defaultValues: { email: step.setup.email ?? '' } });

  const submit = ({ email }: EmailRequest) =>
    flight.run(async () => {
      try {
        await updateEmail.mutateAsync({ data: { email } });
      } catch {
        notify(errorToast(() => errorTexts.updateEmail));
        return;
      }
      if (!(await codeSent(() => requestCode.mutateAsync({ userId, data: { type: 'email' } })))) return;
      const setup = { ...step.setup, email };
      journey.advance({ name: 'code-entry', code: { for: 'email', email, setup }, back: { ...step, setup } });
    });

  return (
    <Screen id="setup-email-heading" heading={accountSetupTexts.emailHeading} setupStep={3}>
      <p>{accountSetupTexts.emailCodeNext}</p>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          <EmailAddressField form={form} />
          <FormFooter
            submit={commonTexts.continue}
            busy={flight.busy}
            secondary={{ text: commonTexts.back, onClick: () => journey.back(step) }}
          />
        </Stack>
      </form>
    </Screen>
  );
}
