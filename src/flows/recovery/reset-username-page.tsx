import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { useNavigate } from 'react-router-dom';
import { useGetMfaOptions } from '../../../generated/hooks/mfa/mfa';
import { useGetMfaUser, useGetSecurityQuestion } from '../../../generated/hooks/recovery/recovery';
import { Captcha } from '../../components/captcha/captcha';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { answerData } from '../../lib/api/answer-data';
import { showSignInFailure } from '../../lib/api/error-catalogue';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useJourney } from '../../journey/use-journey';
import { resetUsernameSchema, type ResetUsernameInput, type ResetUsernameValues } from './reset-username.schema';
import { recoveryTexts } from '../../lib/messages/recovery';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/reset-password`: 'What is your username?'. The username, then the user's code methods, then
 * whether they recover with a code: a code user chooses a method (/mfa), anyone else answers
 * their security question.
 */
export function ResetUsernamePage() {
  const navigate = useNavigate();
  const journey = useJourney();
  // A reset starts here: whatever journey was in progress (a sign-in, an earlier reset) is over.
  useEffect(() => journey.end(), [journey]);
  const options = useGetMfaOptions();
  const mfaUser = useGetMfaUser();
  const question = useGetSecurityQuestion();
  const flight = useSingleFlight();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [inlineError, setInlineError] = useShownText();
  const form = usePortalForm<ResetUsernameInput, unknown, ResetUsernameValues>({
    resolver: zodResolver(resetUsernameSchema),
    defaultValues: { username: '' },
    // Continue stays disabled while the username is empty, so its message shows on leaving the field.
    mode: 'onTouched',
  });
  const username = form.watch('username');

  const submit = ({ username: name }: ResetUsernameValues) =>
    flight.run(async () => {
      if (!captcha) return;
      setInlineError(null);
      try {
        const { options: methods } = answerData(await options.mutateAsync({ data: { username: name } }));
        const { isCodeUser } = answerData(await mfaUser.mutateAsync({ data: { username: name } }));
        const reset = { username: name, captcha, methods };
        if (isCodeUser) return journey.advance({ name: 'method-choice', attempt: { kind: 'reset', reset }, back: null });
        const { securityQuestion } = answerData(await question.mutateAsync({ data: { username: name } }));
        journey.advance({ name: 'reset-question', reset, question: securityQuestion, back: null });
      } catch (error) {
        journey.end();
        showSignInFailure(error, setInlineError);
        // A captcha answer is good for one try.
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
      }
    });

  return (
    <Screen id="reset-username-heading" heading={recoveryTexts.usernameHeading}>
      <p>{recoveryTexts.resetHelp}</p>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          <TextField
            label={recoveryTexts.username}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            error={form.formState.errors.username?.message}
            {...form.register('username', {
              onChange: () => {
                form.clearErrors('username');
                setInlineError(null);
              },
            })}
          />
          <Captcha key={captchaRound} onChange={setCaptcha} takeFocus={false} />
          {inlineError ? <FormError>{inlineError}</FormError> : null}
          <FormFooter
            submit={commonTexts.continue}
            busy={flight.busy}
            disabled={!captcha || username.trim() === ''}
            secondary={{ text: commonTexts.back, onClick: () => navigate(paths.signIn) }}
          />
        </Stack>
      </form>
    </Screen>
  );
}
