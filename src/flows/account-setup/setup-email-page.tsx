import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useMarkEmailVerified, useUpdateEmail } from '../../../generated/hooks/profile/profile';
import type { EmailRequest } from '../../../generated/models/emailRequest';
import { EmailAddressField, emailAddressSchema } from '../../components/email-address/email-address-field';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { codeFailure, errorToast, TOASTS } from '../../lib/api/error-catalogue';
import { currentJourney, setAccountSetup, type VerificationData, type AccountSetup } from '../../lib/journey/journey';
import { goToCodeEntry } from '../../lib/journey/journey-steps';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import { useAccountSetupCalls } from './use-account-setup';

/** Account setup's step numbers of the email and its code. */
const EMAIL_STEP = 3;
const EMAIL_CODE_STEP = 4;

/**
 * `/account-setup/email`, step 3: the email address is updated and a code sent to it; step 4 is
 * that code on /mfa-verification. The code verified, the email is marked verified, then the
 * credentials are saved (and the setup completed with its token, when there is one) and the
 * phone follows. A username taken meanwhile (CVERR02) goes to /account-setup/username-taken.
 */
export function SetupEmailPage() {
  const { userId } = useStoredSession();
  const setup = useOutletContext<AccountSetup>();
  const navigate = useNavigate();
  const updateEmail = useUpdateEmail();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkEmailVerified();
  const { saveCredentials } = useAccountSetupCalls();
  const flight = useSingleFlight();
  const form = useForm<EmailRequest>({ resolver: zodResolver(emailAddressSchema), defaultValues: { email: setup.email ?? '' } });

  const emailCode = (email: string): VerificationData => ({
    mfaOption: { type: 'email', contactInfo: email },
    // One method: the link reads Cancel, and goes back to this step.
    mfaOptionCount: 1,
    backRoute: paths.accountSetupEmail,
    setupStep: EMAIL_CODE_STEP,
    submit: async (code) => {
      await verifyCode.mutateAsync({ data: { code, type: 'email' } });
      try {
        await markVerified.mutateAsync({ params: { type: 'email' } });
      } catch {
        notify(errorToast(TOASTS.verifyEmail));
        return;
      }
      const outcome = await saveCredentials();
      if (outcome.kind === 'taken') navigate(paths.accountSetupUsernameTaken);
    },
    resend: async () => {
      await requestCode.mutateAsync({ userId, data: { type: 'email' } });
    },
    onFailure: (error) => notify(codeFailure(error, errorToast(TOASTS.verifyEmail))),
  });

  const submit = ({ email }: EmailRequest) =>
    flight.run(async () => {
      try {
        await updateEmail.mutateAsync({ data: { email } });
      } catch {
        notify(errorToast(TOASTS.updateEmail));
        return;
      }
      const code = emailCode(email);
      const current = currentJourney().setup ?? setup;
      setAccountSetup({ ...current, email, emailCode: code });
      await goToCodeEntry(code, navigate);
    });

  return (
    <Page>
      <Card labelledBy="setup-email-heading">
        <SetupStepHeading id="setup-email-heading" step={EMAIL_STEP}>
          Enter your email address
        </SetupStepHeading>
        <p>We&apos;ll send a code to this address to verify it in the next step.</p>
        <form noValidate onSubmit={form.handleSubmit(submit)}>
          <Stack>
            <EmailAddressField form={form} />
            <ActionsRow>
              <Button type="submit" busy={flight.busy}>
                Continue
              </Button>
              <Button variant="link" onClick={() => navigate(paths.accountSetupPassword)}>
                Back
              </Button>
            </ActionsRow>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
