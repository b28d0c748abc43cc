import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { useNavigate } from 'react-router-dom';
import { useResetPassword } from '../../../generated/hooks/recovery/recovery';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { showSignInFailure } from '../../lib/api/error-catalogue';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useStep } from '../../journey/require-step';
import { useJourney } from '../../journey/use-journey';
import { resetAnswerSchema, type ResetAnswerValues } from './reset-security-question.schema';
import './reset-security-question-page.css';
import { recoveryTexts } from '../../lib/messages/recovery';
import { commonTexts } from '../../lib/messages/common';

/** `/reset-password/security-question`: a user who does not recover with a code answers their question. */
export function ResetSecurityQuestionPage() {
  const step = useStep('reset-question');
  const { username, captcha } = step.reset;
  const securityQuestion = step.question;
  const navigate = useNavigate();
  const journey = useJourney();
  const resetPassword = useResetPassword();
  const flight = useSingleFlight();
  const [inlineError, setInlineError] = useShownText();
  const form = usePortalForm<ResetAnswerValues>({
    resolver: zodResolver(resetAnswerSchema),
    defaultValues: { answer: '' },
    reValidateMode: 'onSubmit',
  });

  const submit = ({ answer }: ResetAnswerValues) =>
    flight.run(async () => {
      setInlineError(null);
      try {
        await resetPassword.mutateAsync({ data: { username, securityAnswer: answer, captcha } });
        journey.end(paths.resetSuccess);
      } catch (error) {
        showSignInFailure(error, setInlineError);
      }
    });

  // The answer field is described by the question it answers.
  const questionId = useId();
  return (
    <Screen id="reset-question-heading" heading={recoveryTexts.questionHeading}>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          <p id={questionId} className="reset-security-question-page__question" data-gateway-text>
            {securityQuestion}
          </p>
          <TextField
            label={recoveryTexts.securityAnswer}
            aria-describedby={questionId}
            autoComplete="off"
            spellCheck={false}
            error={form.formState.errors.answer?.message}
            {...form.register('answer', {
              onChange: () => {
                form.clearErrors('answer');
                setInlineError(null);
              },
            })}
          />
          {inlineError ? <FormError>{inlineError}</FormError> : null}
          <FormFooter
            submit={commonTexts.continue}
            busy={flight.busy}
            secondary={{ text: commonTexts.back, onClick: () => navigate(paths.resetPassword) }}
          />
        </Stack>
      </form>
    </Screen>
  );
}
