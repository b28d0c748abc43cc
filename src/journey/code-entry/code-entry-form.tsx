import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { useController } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import { ActionsRow } from '../../components/layout/actions-row';
import { FormFooter, type FormAction } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { CodeInput } from '../../components/ui/code-input';
import { FormError } from '../../components/ui/form-error';
import { ApiError, isApiError } from '../../../gateway-client/api-error';
import { codeFailure, isRateLimited, lockoutDescription, rateLimitMessage } from '../../lib/api/error-catalogue';
import { codeSent } from '../code-request-failure';
import { MFA_CODE_LENGTH, NOTIFICATION_TIMEOUT_MS, RESEND_COUNTDOWN_SECONDS } from '../../lib/constants';
import { notify, type NotificationInput } from '../../lib/notifications';
import { useSingleFlight, useSubmission } from '../../lib/use-single-flight';
import { codeEntrySchema, type CodeEntryValues } from './code-entry.schema';
import { LockoutError } from './lockout-error';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';

interface CodeEntryFormProps {
  readonly submit: (code: string) => Promise<void>;
  /** What shows when checking the code fails other than by a wrong code, a lockout or a 429's wait. */
  readonly failure: NotificationInput;
  /** Requests a new code; without it there is nothing to resend (an authenticator app). */
  readonly resend?: (() => Promise<void>) | undefined;
  /** The path named in a failure that is not the gateway's (a broken answer). */
  readonly path: string;
  /** The way out beside Continue (the profile's Cancel). */
  readonly secondary?: FormAction | undefined;
  /**
   * When the code was sent (`performance.now()`), which starts the countdown to a new one: by
   * default when the form appears; `null` when sending it failed, so a new one can be asked for at once.
   */
  readonly sentAt?: number | null | undefined;
}

/**
 * The one-time code form every flow shares: up to 6 digits, one request per submit, the
 * lockout under the form with the customer-service number, a 429's wait under it with the code
 * kept, and 'Send a new code' after a 60-second countdown that is announced when it ends.
 */
export function CodeEntryForm({ submit, failure, resend, path, secondary, sentAt }: CodeEntryFormProps) {
  const form = usePortalForm<CodeEntryValues>({
    resolver: zodResolver(codeEntrySchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const { field: code } = useController({ control: form.control, name: 'code' });
  // The form's own ref, not react-hook-form's: its setFocus waits a task, and focus would fall to <body> meanwhile.
  const codeField = useRef<HTMLInputElement>(null);
  const submission = useSubmission();
  const resending = useSingleFlight();
  const [lockout, setLockout] = useState<string | null>(null);
  /** A 429's wait: the code stays, to be sent again once the wait is over. */
  const [throttled, setThrottled] = useShownText();
  const [shownAt] = useState(() => performance.now());
  const [resentAt, setResentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => performance.now());

  const lastSentAt = resentAt ?? (sentAt === undefined ? shownAt : sentAt);
  const secondsToResend = lastSentAt === null ? 0 : Math.max(0, Math.ceil((lastSentAt + RESEND_COUNTDOWN_SECONDS * 1000 - now) / 1000));

  // The countdown ticks each second from the moment the code went, so it reaches 0 on the minute.
  useEffect(() => {
    const tick = () => setNow(performance.now());
    tick();
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [lastSentAt]);

  const onSubmit = async ({ code: typed }: CodeEntryValues) => {
    if (lockout) return;
    await submission.run(async () => {
      setThrottled(null);
      try {
        await submit(typed);
      } catch (error) {
        const refusal = isApiError(error) ? error : new ApiError({ kind: 'contract', method: 'POST', path, cause: error });
        if (isRateLimited(refusal)) return setThrottled(() => rateLimitMessage(refusal));
        const locked = lockoutDescription(refusal);
        if (locked) setLockout(locked);
        else notify(codeFailure(refusal, failure));
        form.setValue('code', '');
        // The code is typed again where it was: the field, not the page (Continue waits for a code).
        if (!locked) codeField.current?.focus();
      }
    });
  };

  const sendAgain = () =>
    resending.run(async () => {
      if (!resend || !(await codeSent(resend))) return;
      setResentAt(performance.now());
      notify({
        type: 'success',
        message: () => journeyTexts.newCodeSent,
        isDismissable: true,
        dismissOnTimeout: NOTIFICATION_TIMEOUT_MS,
        isUnique: true,
      });
      // 'Send a new code' gives way to the countdown: focus goes where the new code is entered, not to <body>.
      codeField.current?.focus();
    });

  return (
    <>
      {/* A locked form takes no code: Enter in its field sends nothing, not even a "required". */}
      <form noValidate onSubmit={lockout ? (event) => event.preventDefault() : form.handleSubmit(onSubmit)}>
        <Stack>
          <CodeInput
            ref={codeField}
            label={journeyTexts.code}
            hint={journeyTexts.codeHint({ digits: MFA_CODE_LENGTH })}
            name={code.name}
            placeholder={'0'.repeat(MFA_CODE_LENGTH)}
            maxLength={MFA_CODE_LENGTH}
            value={code.value}
            onValueChange={code.onChange}
            onBlur={code.onBlur}
            closed={lockout !== null}
          />
          <FormFooter
            submit={commonTexts.continue}
            busy={submission.busy}
            disabled={code.value === '' || lockout !== null}
            secondary={secondary}
          />
          {throttled ? <FormError>{throttled}</FormError> : null}
          {lockout ? <LockoutError description={lockout} /> : null}
        </Stack>
      </form>
      {resend ? (
        <Stack>
          {secondsToResend > 0 ? (
            <p>{journeyTexts.requestNewCodeIn({ seconds: secondsToResend })}</p>
          ) : (
            <ActionsRow>
              <Button variant="link" onClick={() => void sendAgain()} busy={resending.busy} disabled={lockout !== null}>
                {journeyTexts.sendNewCode}
              </Button>
            </ActionsRow>
          )}
          <p className="visually-hidden" aria-live="polite">
            {secondsToResend === 0 && lockout === null ? journeyTexts.canRequestNewCode : ''}
          </p>
        </Stack>
      ) : null}
    </>
  );
}
