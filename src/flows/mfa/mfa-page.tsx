import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetMfaOptions, useRequestMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import type { MfaOption } from '../../../generated/models/mfaOption';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { RadioGroup } from '../../components/ui/radio-group';
import { codeFailure, signInInternalError } from '../../lib/api/error-catalogue';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { DEFAULT_AUTH_APP_NAME, mfaOptionLabel } from '../../lib/journey/mfa-option-text';
import { endJourney } from '../../lib/journey/journey';
import { goToCodeEntry, useSignInAttempt } from '../../lib/journey/journey-steps';
import { useJourney } from '../../lib/journey/use-journey';
import { useSupportPhone } from '../../lib/public-content';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { mfaOptionTypeSlot } from './mfa-option-slot';

/** `/mfa`: 'Verify your identity', the choice of how to receive a one-time code. */
export function MfaPage() {
  const { username } = useSignInAttempt();
  const navigate = useNavigate();
  const supportPhone = useSupportPhone();
  const options = useGetMfaOptions();
  const requestCode = useRequestMfaCode();
  const authenticate = useAuthenticate();
  const { completeSignIn } = useJourney();
  const [chosen, setChosen] = useState<number | null>(null);
  const started = useRef(false);
  const flight = useSingleFlight();

  const methods: readonly MfaOption[] = options.data?.data?.options ?? [];

  /** Sends the code (unless it comes from an app) and hands over to the code-entry screen. */
  const proceed = (method: MfaOption, count: number) =>
    flight.run(async () => {
      const sendCode = async () => {
        await requestCode.mutateAsync({ data: { type: method.type, username } });
      };
      const moved = await goToCodeEntry(
        {
          mfaOption: method,
          mfaOptionCount: count,
          mfaLength: 6,
          backRoute: count === 1 ? paths.signIn : paths.mfa,
          submit: async (code) => {
            const result = await authenticate.mutateAsync({
              data: deviceFingerprint(),
              headers: { twilioMfaCode: code, codeType: method.type },
            });
            await completeSignIn(result, username);
          },
          // Codes from an app are never sent.
          ...(method.type === 'totp' ? {} : { resend: sendCode }),
          onFailure: (error) => notify(codeFailure(error, signInInternalError)),
        },
        navigate,
      );
      // Kept only once a code is on its way: a failed request leaves nothing behind.
      if (moved)
        mfaOptionTypeSlot.write(
          method.type === 'totp' ? { type: 'totp', authAppName: method.contactInfo ?? DEFAULT_AUTH_APP_NAME } : { type: method.type },
        );
    });

  const { mutate: fetchOptions } = options;
  useEffect(() => {
    fetchOptions(
      { data: { username } },
      {
        onSuccess: (answer) => {
          const list = answer.data?.options ?? [];
          if (list.length === 0) {
            endJourney();
            notify({
              type: 'error',
              title: 'We could not find a way to send you a code',
              message: `Please contact customer service${supportPhone ? ` at ${supportPhone}` : ''} to sign in.`,
              isDismissable: true,
              isUnique: true,
            });
            navigate(paths.signIn, { replace: true });
            return;
          }
          const only = list[0];
          if (list.length === 1 && only && !started.current) {
            // One method: it is chosen for the user.
            started.current = true;
            setChosen(0);
            void proceed(only, 1);
          }
        },
        onError: () => {
          endJourney();
          notify(signInInternalError);
          navigate(paths.signIn, { replace: true });
        },
      },
    );
    // Runs once per username: choosing again would send another code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username]);

  const method = chosen === null ? undefined : methods[chosen];
  return (
    <Page>
      <Card labelledBy="mfa-heading">
        <PageHeading id="mfa-heading">Verify your identity</PageHeading>
        {options.isPending ? <p aria-busy="true">Loading your verification methods…</p> : null}
        {methods.length > 1 ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (method) void proceed(method, methods.length);
            }}
          >
            <Stack>
              <p>To keep your account secure, we need to send you a one-time code.</p>
              <RadioGroup
                legend="How would you like to receive your code?"
                options={methods.map((option, index) => ({ value: String(index), label: mfaOptionLabel(option) }))}
                value={chosen === null ? null : String(chosen)}
                onChange={(value) => setChosen(Number(value))}
              />
              <ActionsRow>
                <Button type="submit" busy={flight.busy} disabled={!method}>
                  Continue
                </Button>
                <Button
                  variant="link"
                  onClick={() => {
                    endJourney();
                    navigate(paths.signIn);
                  }}
                >
                  Cancel
                </Button>
              </ActionsRow>
            </Stack>
          </form>
        ) : null}
        {methods.length === 1 && method ? <p aria-busy="true">Sending your code…</p> : null}
      </Card>
    </Page>
  );
}
