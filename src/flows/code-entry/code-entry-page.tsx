import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RouteLink as Link } from '../../components/ui/route-link';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { CodeInput } from '../../components/ui/code-input';
import { FormError } from '../../components/ui/form-error';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { ApiError, isApiError } from '../../lib/api/api-error';
import { errorToast, isLockout, TOASTS } from '../../lib/api/error-catalogue';
import { MFA_CODE_LENGTH, NOTIFICATION_TIMEOUT_MS, RESEND_COUNTDOWN_SECONDS } from '../../lib/constants';
import { codeSentText } from '../../lib/journey/mfa-option-text';
import { useSupportPhone } from '../../lib/public-content';
import { useVerification } from '../../lib/journey/journey-steps';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';

/**
 * `/mfa-verification`: 'Enter the code', for whichever flow sent the user here. A code has up to
 * 6 digits on every channel; during account setup the step header shows above the heading.
 */
export function CodeEntryPage() {
  const data = useVerification();
  const supportPhone = useSupportPhone();
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);
  const submission = useSingleFlight();
  const resending = useSingleFlight();
  const [lockout, setLockout] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(() => performance.now() + RESEND_COUNTDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    const tick = () => setNow(performance.now());
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);

  const secondsToResend = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code === '' || lockout) return;
    await submission.run(async () => {
      try {
        await data.submit(code);
      } catch (error) {
        const failure = isApiError(error)
          ? error
          : new ApiError({ kind: 'contract', method: 'POST', path: paths.mfaVerification, cause: error });
        if (isLockout(failure)) setLockout(failure.errors.find((item) => /attempts/i.test(item.description))?.description ?? null);
        else data.onFailure(failure);
        setCode('');
      }
    });
  };

  const resend = () =>
    resending.run(async () => {
      if (!data.resend) return;
      try {
        await data.resend();
        setResendAt(performance.now() + RESEND_COUNTDOWN_SECONDS * 1000);
        setNow(performance.now());
        notify({
          type: 'success',
          message: 'We sent you a new code.',
          isDismissable: true,
          dismissOnTimeout: NOTIFICATION_TIMEOUT_MS,
          isUnique: true,
        });
        // 'Send a new code' gives way to the countdown: focus goes where the new code is entered, not to <body>.
        codeField.current?.focus();
      } catch {
        notify(errorToast(TOASTS.requestToken));
      }
    });

  return (
    <Page>
      <Card labelledBy="code-entry-heading">
        <p>
          <Link to={data.backRoute}>{data.mfaOptionCount === 1 ? 'Cancel' : 'Back'}</Link>
        </p>
        <SetupStepHeading id="code-entry-heading" step={data.setupStep}>
          Enter the code
        </SetupStepHeading>
        <p>{codeSentText(data.mfaOption)}</p>
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <CodeInput
              ref={codeField}
              label="Code"
              hint={`Up to ${MFA_CODE_LENGTH} digits`}
              name="code"
              placeholder={'0'.repeat(MFA_CODE_LENGTH)}
              maxLength={MFA_CODE_LENGTH}
              value={code}
              onValueChange={setCode}
              disabled={lockout !== null}
            />
            <ActionsRow>
              <Button type="submit" busy={submission.busy} disabled={code === '' || lockout !== null}>
                Continue
              </Button>
            </ActionsRow>
            {lockout ? (
              <FormError>
                {lockout} Please call customer service{supportPhone ? ` at ${supportPhone}` : ''}.
              </FormError>
            ) : null}
          </Stack>
        </form>
        {data.resend ? (
          <Stack>
            {secondsToResend > 0 ? (
              <p>
                You can request a new code in {secondsToResend} {secondsToResend === 1 ? 'second' : 'seconds'}.
              </p>
            ) : (
              <ActionsRow>
                <Button variant="link" onClick={() => void resend()} busy={resending.busy} disabled={lockout !== null}>
                  Send a new code
                </Button>
              </ActionsRow>
            )}
            <p className="visually-hidden" aria-live="polite">
              {secondsToResend === 0 ? 'You can now request a new code.' : ''}
            </p>
          </Stack>
        ) : null}
      </Card>
    </Page>
  );
}
