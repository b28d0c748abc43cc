import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetMfaOptions, useRequestMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useResetPassword } from '../../../generated/hooks/recovery/recovery';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import type { MfaOption } from '../../../generated/models/mfaOption';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { RadioGroup } from '../../components/ui/radio-group';
import { codeFailure } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { DEFAULT_AUTH_APP_NAME, mfaOptionLabel } from '../../lib/journey/mfa-option-text';
import { endJourney } from '../../lib/journey/journey';
import { goToCodeEntry, useAttempt } from '../../lib/journey/journey-steps';
import { useJourney } from '../../lib/journey/use-journey';
import { useSupportPhone } from '../../lib/public-content';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { mfaOptionTypeSlot } from './mfa-option-slot';

/**
 * `/mfa`: 'Verify your identity', the choice of how to receive a one-time code. It serves a
 * sign-in (the code signs the user in) and a password reset of a code user (the code proves the
 * reset request); the journey's attempt says which.
 */
export function MfaPage() {
  const attempt = useAttempt();
  const { username } = attempt;
  /** Where Cancel, and a dead end, lead: the start of the sign-in or of the reset. */
  const start = attempt.kind === 'sign-in' ? paths.signIn : paths.resetPassword;
  const navigate = useNavigate();
  const supportPhone = useSupportPhone();
  const options = useGetMfaOptions();
  const requestCode = useRequestMfaCode();
  const authenticate = useAuthenticate();
  const resetPassword = useResetPassword();
  const { completeSignIn } = useJourney();
  const [methods, setMethods] = useState<readonly MfaOption[] | null>(attempt.kind === 'reset' ? attempt.methods : null);
  const [chosen, setChosen] = useState<number | null>(null);
  /** The only method's code could not be sent: the user may try again or cancel. */
  const [sendFailed, setSendFailed] = useState(false);
  const started = useRef(false);
  const flight = useSingleFlight();

  /** What the code proves: the sign-in, or the reset request (whose email follows). */
  const submitCode = async (method: MfaOption, code: string) => {
    if (attempt.kind === 'reset') {
      await resetPassword.mutateAsync({ data: { username, mfaCode: code, captcha: attempt.captcha } });
      navigate(paths.resetSuccess, { replace: true });
      return;
    }
    const result = await authenticate.mutateAsync({ data: deviceFingerprint(), headers: { twilioMfaCode: code, codeType: method.type } });
    await completeSignIn(result, username);
  };

  /** Sends the code (unless it comes from an app) and hands over to the code-entry screen. */
  const proceed = (method: MfaOption, count: number) =>
    flight.run(async () => {
      const sendCode = async () => {
        await requestCode.mutateAsync({ data: { type: method.type, username } });
      };
      setSendFailed(false);
      const moved = await goToCodeEntry(
        {
          mfaOption: method,
          mfaOptionCount: count,
          backRoute: count === 1 ? start : paths.mfa,
          submit: (code) => submitCode(method, code),
          // Codes from an app are never sent.
          ...(method.type === 'totp' ? {} : { resend: sendCode }),
          onFailure: (error) => notify(codeFailure(error, signInInternalError)),
        },
        navigate,
      );
      if (!moved && count === 1) setSendFailed(true);
      // Kept only once a code is on its way: a failed request leaves nothing behind.
      if (moved)
        mfaOptionTypeSlot.write(
          method.type === 'totp' ? { type: 'totp', authAppName: method.contactInfo ?? DEFAULT_AUTH_APP_NAME } : { type: method.type },
        );
    });

  /**
   * Back to the start. A sign-in forgets its credentials; a reset keeps its attempt until its
   * first step begins again (ending it here would let this route's guard send the user elsewhere).
   */
  const leave = () => {
    navigate(start, { replace: true });
    if (attempt.kind === 'sign-in') endJourney();
  };

  /** No method: a dead end that says whom to call; one method: chosen for the user. */
  const arrive = (list: readonly MfaOption[]) => {
    setMethods(list);
    if (list.length === 0) {
      notify({
        type: 'error',
        title: 'We could not find a way to send you a code',
        message: `Please contact customer service${supportPhone ? ` at ${supportPhone}` : ''} to sign in.`,
        isDismissable: true,
        isUnique: true,
      });
      leave();
      return;
    }
    const only = list[0];
    if (list.length === 1 && only && !started.current) {
      started.current = true;
      setChosen(0);
      void proceed(only, 1);
    }
  };

  const { mutate: fetchOptions } = options;
  useEffect(() => {
    // A reset found the methods on its first step; a sign-in asks for them now.
    if (attempt.kind === 'reset') return arrive(attempt.methods);
    fetchOptions(
      { data: { username } },
      {
        onSuccess: (answer) => arrive(answer.data?.options ?? []),
        onError: () => {
          notify(signInInternalError);
          leave();
        },
      },
    );
    // Runs once per username: choosing again would send another code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username]);

  const method = chosen === null ? undefined : methods?.[chosen];
  return (
    <Page>
      <Card labelledBy="mfa-heading">
        <PageHeading id="mfa-heading">Verify your identity</PageHeading>
        {methods === null ? <p aria-busy="true">Loading your verification methods…</p> : null}
        {methods && methods.length > 1 ? (
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
                <Button variant="link" onClick={leave}>
                  Cancel
                </Button>
              </ActionsRow>
            </Stack>
          </form>
        ) : null}
        {methods?.length === 1 && method && !sendFailed ? <p aria-busy="true">Sending your code…</p> : null}
        {methods?.length === 1 && method && sendFailed ? (
          <ActionsRow>
            <Button onClick={() => void proceed(method, 1)} busy={flight.busy}>
              Try again
            </Button>
            <Button variant="link" onClick={leave}>
              Cancel
            </Button>
          </ActionsRow>
        ) : null}
      </Card>
    </Page>
  );
}
