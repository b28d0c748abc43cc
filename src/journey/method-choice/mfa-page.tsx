import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { useController } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import { useGetMfaOptions, useRequestMfaCode } from '../../../generated/hooks/mfa/mfa';
import type { MfaOption } from '../../../generated/models/mfaOption';
import { ActionsRow } from '../../components/layout/actions-row';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { RadioGroup } from '../../components/ui/radio-group';
import { answerData } from '../../lib/api/answer-data';
import { isRateLimited, rateLimitMessage } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { useSupportPhone } from '../../lib/public-content';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { codeSent } from '../code-request-failure';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { methodChoiceSchema, type MethodChoiceInput, type MethodChoiceValues } from './method-choice.schema';
import { mfaOptionTypeSlot } from './mfa-option-slot';
import { mfaOptionLabel } from './mfa-option-text';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';
import { focusPageHeading } from '../../components/ui/page-heading';

/**
 * `/mfa`: 'Verify your identity', the choice of how to receive a one-time code. It serves a
 * sign-in (the code signs the user in) and a password reset of a code user (the code proves the
 * reset request); the journey's attempt says which.
 */
export function MfaPage() {
  const step = useStep('method-choice');
  const { attempt } = step;
  const username = attempt.kind === 'sign-in' ? attempt.signIn.username : attempt.reset.username;
  const start = attempt.kind === 'sign-in' ? paths.signIn : paths.resetPassword;
  const journey = useJourney();
  const supportPhone = useSupportPhone();
  const options = useGetMfaOptions();
  const requestCode = useRequestMfaCode();
  const [methods, setMethods] = useState<readonly MfaOption[] | null>(attempt.kind === 'reset' ? attempt.reset.methods : null);
  /** The only method's code could not be sent: the user may try again or cancel. */
  const [sendFailed, setSendFailed] = useState(false);
  /** The methods could not be asked for yet (a 429): its wait, with a way to ask again. */
  const [optionsThrottled, setOptionsThrottled] = useShownText();
  const started = useRef(false);
  const flight = useSingleFlight();

  const proceed = (method: MfaOption, count: number) =>
    flight.run(async () => {
      setSendFailed(false);
      if (method.type !== 'totp' && !(await codeSent(() => requestCode.mutateAsync({ data: { type: method.type, username } })))) {
        if (count === 1) setSendFailed(true);
        return;
      }
      // Kept only once a code is on its way: a failed request leaves nothing behind.
      mfaOptionTypeSlot.write(
        method.type === 'totp' ? { type: 'totp', authAppName: method.contactInfo ?? journeyTexts.defaultAppName } : { type: method.type },
      );
      // With one method there is no choice to go back to: the code's link reads Cancel.
      const back = count > 1 ? step : null;
      journey.advance({
        name: 'code-entry',
        code:
          attempt.kind === 'sign-in'
            ? { for: 'sign-in', signIn: attempt.signIn, method, methodCount: count }
            : { for: 'reset', reset: attempt.reset, method },
        back,
      });
    });

  const leave = () => journey.end(start);

  /** No method: a dead end that says whom to call; one method: chosen for the user. */
  const arrive = (list: readonly MfaOption[]) => {
    setMethods(list);
    if (list.length === 0) {
      notify({
        type: 'error',
        title: () => journeyTexts.noMethodTitle,
        message: () => journeyTexts.noMethod({ supportPhone }),
        isDismissable: true,
        isUnique: true,
      });
      leave();
      return;
    }
    const [only] = list;
    if (list.length === 1 && only && !started.current) {
      started.current = true;
      void proceed(only, 1);
    }
  };

  const { mutate: fetchOptions } = options;
  const loadOptions = () =>
    fetchOptions(
      { data: { username } },
      {
        onSuccess: (answer) => arrive(answerData(answer).options),
        onError: (error) => {
          // Too many attempts: the sign-in stays, to ask again once the wait is over.
          if (isRateLimited(error)) return setOptionsThrottled(() => rateLimitMessage(error));
          notify(signInInternalError);
          leave();
        },
      },
    );
  useEffect(() => {
    // A reset found the methods on its first step; a sign-in asks for them now.
    if (attempt.kind === 'reset') return arrive(attempt.reset.methods);
    loadOptions();
    // Runs once per username: choosing again would send another code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username]);

  const only = methods?.length === 1 ? methods[0] : undefined;
  const retry = optionsThrottled
    ? () => {
        setOptionsThrottled(null);
        loadOptions();
      }
    : only && sendFailed
      ? () => void proceed(only, 1)
      : null;
  return (
    <Screen id="mfa-heading" heading={journeyTexts.verifyIdentity}>
      {methods === null && !optionsThrottled ? <p aria-busy="true">{journeyTexts.loadingMethods}</p> : null}
      {optionsThrottled ? <FormError>{optionsThrottled}</FormError> : null}
      {methods && methods.length > 1 ? (
        <MethodChoiceForm
          methods={methods}
          busy={flight.busy}
          onChoose={(method) => void proceed(method, methods.length)}
          onCancel={leave}
        />
      ) : null}
      {only && !sendFailed ? <p aria-busy="true">{journeyTexts.sendingCode}</p> : null}
      {retry ? (
        <ActionsRow>
          <Button
            onClick={() => {
              // The button goes while the methods or the code are asked for again.
              focusPageHeading();
              retry();
            }}
            busy={flight.busy}
          >
            {commonTexts.tryAgain}
          </Button>
          <Button variant="link" onClick={leave}>
            {commonTexts.cancel}
          </Button>
        </ActionsRow>
      ) : null}
    </Screen>
  );
}

interface MethodChoiceFormProps {
  readonly methods: readonly MfaOption[];
  readonly busy: boolean;
  readonly onChoose: (method: MfaOption) => void;
  readonly onCancel: () => void;
}

/** The choice among several methods; Continue waits for one. */
function MethodChoiceForm({ methods, busy, onChoose, onCancel }: MethodChoiceFormProps) {
  const schema = useMemo(() => methodChoiceSchema(methods), [methods]);
  const form = usePortalForm<MethodChoiceInput, unknown, MethodChoiceValues>({
    resolver: zodResolver(schema),
    defaultValues: { choice: null },
  });
  const { field } = useController({ control: form.control, name: 'choice' });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ method }) => onChoose(method))}>
      <Stack>
        <p>{journeyTexts.oneTimeCodeNeeded}</p>
        <RadioGroup
          legend={journeyTexts.chooseMethod}
          options={methods.map((option, index) => ({ value: String(index), label: mfaOptionLabel(option) }))}
          value={field.value}
          onChange={field.onChange}
        />
        <FormFooter
          submit={commonTexts.continue}
          busy={busy}
          disabled={field.value === null}
          secondary={{ text: commonTexts.cancel, onClick: onCancel }}
        />
      </Stack>
    </form>
  );
}
