import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyTotpRegistration } from '../../../generated/hooks/totp/totp';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { CodeInput } from '../../components/ui/code-input';
import { PageHeading } from '../../components/ui/page-heading';
import { isApiError } from '../../lib/api/api-error';
import { isTotpCodeNotValid } from '../../lib/api/error-catalogue';
import { AUTH_APP_NAME_DEFAULT } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { authAppNameSlot, totpSetupSuccessSlot } from './totp-slots';

/** The app's codes: digits only, six of them. */
const TOTP_CODE_LENGTH = 6;
const INVALID_CODE = 'This code is not valid. Please check your app and try again.';

/**
 * `/auth-code`, step 3 of 3: the app's first code finishes the registration. A refused code
 * shows inline; success or any other failure ends the set-up on the profile phone-update page,
 * which reads isTotpSetupSuccess.
 */
export function AuthCodePage() {
  const navigate = useNavigate();
  const verify = useVerifyTotpRegistration();
  const flight = useSingleFlight();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  const finish = (success: boolean | null) => {
    if (success !== null) totpSetupSuccessSlot.write(success);
    // Leaving the set-up's screens forgets the registration's uri (totp-registration.tsx).
    navigate(paths.profileUpdatePhone);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code === '') return;
    void flight.run(async () => {
      try {
        await verify.mutateAsync({ data: { code, authAppName: authAppNameSlot.read() ?? AUTH_APP_NAME_DEFAULT } });
        finish(true);
      } catch (error) {
        if (isApiError(error) && isTotpCodeNotValid(error)) setInvalid(true);
        else finish(false);
      }
    });
  };

  return (
    <Page>
      <Card labelledBy={headingId}>
        <p>Step 3 of 3</p>
        <PageHeading id={headingId}>Enter the code</PageHeading>
        <p>Enter the 6-digit code your authenticator app shows.</p>
        <form noValidate onSubmit={submit}>
          <Stack>
            <CodeInput
              label="Code"
              name="code"
              placeholder="000000"
              maxLength={TOTP_CODE_LENGTH}
              value={code}
              onValueChange={setCode}
              onFocus={() => setInvalid(false)}
              error={invalid ? INVALID_CODE : undefined}
            />
            <ActionsRow>
              <Button type="submit" busy={flight.busy} disabled={code === ''}>
                Validate code
              </Button>
              <Button variant="link" onClick={() => navigate(paths.authApp)}>
                Back
              </Button>
              <Button variant="link" onClick={() => finish(null)}>
                Skip
              </Button>
            </ActionsRow>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
