import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useShownText } from '../../lib/i18n/shown-text';
import { Controller } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import { useNavigate } from 'react-router-dom';
import { useRetrieveUsername } from '../../../generated/hooks/recovery/recovery';
import type { ForgotUsernameRole } from '../../../generated/models/forgotUsernameRole';
import { Captcha } from '../../components/captcha/captcha';
import { ActionsRow } from '../../components/layout/actions-row';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { RadioGroup } from '../../components/ui/radio-group';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../../gateway-client/api-error';
import { failureDescription } from '../../lib/api/error-catalogue';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { forgotUsernameSchema, type ForgotUsernameInput, type ForgotUsernameValues } from './forgot-username.schema';
import { recoveryTexts } from '../../lib/messages/recovery';
import { commonTexts } from '../../lib/messages/common';

/** The spec's three roles, participant first and chosen by default (read as drawn: the language may change). */
const roles = (): readonly { readonly value: ForgotUsernameRole; readonly label: string }[] => [
  { value: 'ROLE_PARTICIPANT', label: recoveryTexts.roleParticipant },
  { value: 'ROLE_PLAN_ADMIN', label: recoveryTexts.rolePlanAdmin },
  { value: 'ROLE_OTHER', label: recoveryTexts.roleOther },
];

type Step = 'role' | 'email' | 'sent';

/** `/forgot-username`: who the user is, then their email and the captcha, then 'Check your email!'. */
export function ForgotUsernamePage() {
  const navigate = useNavigate();
  const retrieve = useRetrieveUsername();
  const flight = useSingleFlight();
  const [step, setStep] = useState<Step>('role');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useShownText();
  const form = usePortalForm<ForgotUsernameInput, unknown, ForgotUsernameValues>({
    resolver: zodResolver(forgotUsernameSchema),
    defaultValues: { role: 'ROLE_PARTICIPANT', email: '' },
    mode: 'onTouched',
  });
  const email = form.watch('email');

  const submit = ({ role, email: address }: ForgotUsernameValues) =>
    flight.run(async () => {
      if (!captcha || role === null) return;
      setError(null);
      try {
        await retrieve.mutateAsync({ data: { role, email: address, captcha } });
        setStep('sent');
      } catch (failure) {
        setError(() => (isApiError(failure) ? failureDescription(failure) : null) ?? recoveryTexts.sendingFailed);
        // A captcha answer is good for one try.
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
      }
    });

  /** The captcha goes with the email step: its answer, and a failure told under it, are not kept. */
  const backToRole = () => {
    setCaptcha(null);
    setError(null);
    setStep('role');
  };

  if (step === 'sent') {
    return (
      // A screen of its own (its key): its heading takes the focus, which was on the button now gone.
      <Screen key="sent" id="forgot-username-heading" heading={recoveryTexts.checkEmail}>
        <p>{recoveryTexts.usernameSent}</p>
        <p>{recoveryTexts.checkSpam}</p>
        <ActionsRow>
          <Button onClick={() => navigate(paths.signIn)}>{recoveryTexts.goToLogin}</Button>
        </ActionsRow>
      </Screen>
    );
  }

  return (
    <Screen id="forgot-username-heading" heading={recoveryTexts.forgotUsernameHeading}>
      <form
        noValidate
        onSubmit={
          step === 'role'
            ? async (event) => {
                event.preventDefault();
                if (!(await form.trigger('role'))) return;
                // Drawn at once, so the address field is there to take the focus (the next thing to do).
                flushSync(() => setStep('email'));
                form.setFocus('email');
              }
            : form.handleSubmit(submit)
        }
      >
        <Stack>
          {step === 'role' ? (
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <RadioGroup
                  legend={recoveryTexts.whichRole}
                  options={roles()}
                  value={field.value}
                  onChange={field.onChange}
                  name="role"
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : (
            <>
              <p>{recoveryTexts.enterEmail}</p>
              <TextField
                label={recoveryTexts.emailAddress}
                type="email"
                autoComplete="email"
                maxLength={50}
                error={form.formState.errors.email?.message}
                {...form.register('email', { onChange: () => setError(null) })}
              />
              <Captcha key={captchaRound} onChange={setCaptcha} takeFocus={false} />
            </>
          )}
          {error ? <FormError>{error}</FormError> : null}
          <FormFooter
            submit={commonTexts.continue}
            busy={flight.busy}
            disabled={step === 'email' && (!captcha || email.trim() === '')}
            secondary={{ text: commonTexts.back, onClick: step === 'email' ? backToRole : () => navigate(paths.signIn) }}
          />
        </Stack>
      </form>
    </Screen>
  );
}
