import { zodResolver } from '@hookform/resolvers/zod';
import { useController } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import { useNavigate } from 'react-router-dom';
import { useVerifyTotpRegistration } from '../../../generated/hooks/totp/totp';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { CodeInput } from '../../components/ui/code-input';
import { isApiError } from '../../../gateway-client/api-error';
import { isRateLimited, isTotpCodeNotValid, rateLimitMessage } from '../../lib/api/error-catalogue';
import { useShownText } from '../../lib/i18n/shown-text';
import { MFA_CODE_LENGTH } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { authCodeSchema, type AuthCodeValues } from './auth-code.schema';
import { authAppNameSlot, totpSetupSuccessSlot } from './totp-slots';
import { totpVerifiedSlot } from '../../journey/phone-setup/profile-slots';
import { totpTexts } from '../../lib/messages/totp';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/auth-code`, step 3 of 3: the app's first code finishes the registration. A refused code
 * shows inline; success or any other failure ends the set-up on the profile phone-update page,
 * with isTotpSetupSuccess stored for the profile app (success also counts as the app's code
 * verified in this session, so the phone update does not ask for another). A 429 is not such a
 * failure (this contract's throttling, which the spec does not know): its wait shows under the
 * form, the code kept for when it is over.
 */
export function AuthCodePage() {
  const navigate = useNavigate();
  const verify = useVerifyTotpRegistration();
  const flight = useSingleFlight();
  const form = usePortalForm<AuthCodeValues>({
    resolver: zodResolver(authCodeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    // The verdict is announced (role=alert); focus stays put, since focusing the field clears it.
    shouldFocusError: false,
  });
  const { field: code, fieldState } = useController({ control: form.control, name: 'code' });
  const [throttled, setThrottled] = useShownText();

  const finish = (success: boolean | null) => {
    if (success !== null) totpSetupSuccessSlot.write(success);
    // Leaving the set-up's screens forgets the registration's uri (totp-registration.tsx).
    navigate(paths.profileUpdatePhone);
  };

  const submit = ({ code: typed }: AuthCodeValues) =>
    flight.run(async () => {
      setThrottled(null);
      try {
        await verify.mutateAsync({ data: { code: typed, authAppName: authAppNameSlot.read() ?? totpTexts.defaultAppName } });
        // The app's code was just verified: the phone update does not ask for it again.
        totpVerifiedSlot.write(true);
        finish(true);
      } catch (error) {
        if (isRateLimited(error)) setThrottled(() => rateLimitMessage(error));
        else if (isApiError(error) && isTotpCodeNotValid(error)) form.setError('code', { type: 'server' });
        else finish(false);
      }
    });

  return (
    <Screen heading={totpTexts.codeHeading} above={<p>{totpTexts.stepOf({ step: 3, steps: 3 })}</p>}>
      <p>{totpTexts.codeHelp}</p>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          <CodeInput
            label={totpTexts.code}
            name={code.name}
            placeholder="000000"
            maxLength={MFA_CODE_LENGTH}
            value={code.value}
            onValueChange={code.onChange}
            onBlur={code.onBlur}
            onFocus={() => form.clearErrors('code')}
            // The gateway's refusal or the contract's: either way the code is not valid.
            error={fieldState.error ? totpTexts.codeNotValid : undefined}
          />
          <FormFooter
            submit={totpTexts.validateCode}
            busy={flight.busy}
            disabled={code.value === ''}
            secondary={{ text: commonTexts.back, onClick: () => navigate(paths.authApp) }}
          >
            <Button variant="link" onClick={() => finish(null)}>
              {totpTexts.skip}
            </Button>
          </FormFooter>
          {throttled ? <FormError>{throttled}</FormError> : null}
        </Stack>
      </form>
    </Screen>
  );
}
