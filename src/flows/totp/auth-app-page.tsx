import { zodResolver } from '@hookform/resolvers/zod';
import { usePortalForm } from '../../lib/use-portal-form';
import { useNavigate } from 'react-router-dom';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { TextField } from '../../components/ui/text-field';
import { verifyTotpRegistrationBodyAuthAppNameMax } from '../../../generated/zod/totp/totp.zod';
import { paths } from '../../lib/paths';
import { authAppSchema, type AuthAppValues } from './auth-app.schema';
import { authAppNameSlot } from './totp-slots';
import { totpTexts } from '../../lib/messages/totp';
import { commonTexts } from '../../lib/messages/common';

/** `/auth-app`, step 2 of 3: the app's name, optional ('Authenticator app' when left empty). */
export function AuthAppPage() {
  const navigate = useNavigate();
  const form = usePortalForm<AuthAppValues>({
    resolver: zodResolver(authAppSchema),
    defaultValues: { authAppName: authAppNameSlot.read() ?? '' },
  });

  const submit = ({ authAppName }: AuthAppValues) => {
    authAppNameSlot.write(authAppName.trim() || totpTexts.defaultAppName);
    navigate(paths.authCode);
  };

  return (
    <Screen heading={totpTexts.appNameHeading} above={<p>{totpTexts.stepOf({ step: 2, steps: 3 })}</p>}>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          <TextField
            label={totpTexts.appName}
            placeholder={totpTexts.defaultAppName}
            maxLength={verifyTotpRegistrationBodyAuthAppNameMax}
            autoComplete="off"
            error={form.formState.errors.authAppName?.message}
            {...form.register('authAppName')}
          />
          <FormFooter submit={commonTexts.continue} secondary={{ text: commonTexts.back, onClick: () => navigate(paths.qrCode) }} />
        </Stack>
      </form>
    </Screen>
  );
}
