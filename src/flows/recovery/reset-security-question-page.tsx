import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useResetPassword } from '../../../generated/hooks/recovery/recovery';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { TextField } from '../../components/ui/text-field';
import { showSignInFailure } from '../../lib/api/error-catalogue';
import { useResetAttempt } from '../../lib/journey/journey-steps';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { resetAnswerSchema, type ResetAnswerValues } from './reset-security-question.schema';

/** `/reset-password/security-question`: a user who does not recover with a code answers their question. */
export function ResetSecurityQuestionPage() {
  const { username, captcha, securityQuestion } = useResetAttempt();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const flight = useSingleFlight();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const form = useForm<ResetAnswerValues>({
    resolver: zodResolver(resetAnswerSchema),
    defaultValues: { answer: '' },
    reValidateMode: 'onSubmit',
  });

  const submit = ({ answer }: ResetAnswerValues) =>
    flight.run(async () => {
      setInlineError(null);
      try {
        await resetPassword.mutateAsync({ data: { username, securityAnswer: answer, captcha } });
        navigate(paths.resetSuccess, { replace: true });
      } catch (error) {
        showSignInFailure(error, setInlineError);
      }
    });

  return (
    <section className="card" aria-labelledby="reset-question-heading">
      <PageHeading id="reset-question-heading">Answer your security question</PageHeading>
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <p className="security-question">{securityQuestion}</p>
        <TextField
          label="Security Answer"
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
        {inlineError ? (
          <p className="form__error" role="alert">
            {inlineError}
          </p>
        ) : null}
        <div className="form__actions">
          <Button type="submit" busy={flight.busy}>
            Continue
          </Button>
          <Button variant="link" onClick={() => navigate(paths.resetPassword)}>
            Back
          </Button>
        </div>
      </form>
    </section>
  );
}
