import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { useGetSecurityQuestion } from '../../../generated/hooks/recovery/recovery';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { Captcha } from '../../components/captcha/captcha';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { FormError } from '../../components/ui/form-error';
import { HelpTooltip } from '../../components/ui/help-tooltip';
import { TextField } from '../../components/ui/text-field';
import { answerData } from '../../lib/api/answer-data';
import { isApiError } from '../../../gateway-client/api-error';
import { isRateLimited, needsMfa, rateLimitMessage, showSignInFailure } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useLanding } from '../landing/use-landing';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import './security-question-page.css';
import { securityQuestionSchema, type SecurityQuestionValues } from './security-question.schema';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';
import { focusPageHeading } from '../../components/ui/page-heading';

/** `/security-question`: the second step of a sign-in on an unrecognised computer. */
export function SecurityQuestionPage() {
  const step = useStep('security-question');
  const { username } = step.signIn;
  const journey = useJourney();
  const landing = useLanding();
  const question = useGetSecurityQuestion();
  const authenticate = useAuthenticate();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [inlineError, setInlineError] = useShownText();
  /** The question could not be asked for yet (a 429): its wait shows, with a way to ask again. */
  const [questionThrottled, setQuestionThrottled] = useState(false);
  const flight = useSingleFlight();
  const form = usePortalForm<SecurityQuestionValues>({
    resolver: zodResolver(securityQuestionSchema),
    defaultValues: { answer: '', rememberComputer: false },
    reValidateMode: 'onSubmit',
  });

  const { mutate: fetchQuestion } = question;
  const loadQuestion = useCallback(() => {
    fetchQuestion(
      { data: { username } },
      {
        onError: (error) => {
          // Too many attempts: the sign-in stays, to ask again once the wait is over.
          if (isRateLimited(error)) {
            setQuestionThrottled(true);
            return setInlineError(() => rateLimitMessage(error));
          }
          // Without the question there is no second step: back to the sign-in form, saying why.
          notify(signInInternalError);
          journey.end(paths.signIn);
        },
      },
    );
  }, [fetchQuestion, journey, setInlineError, username]);
  useEffect(loadQuestion, [loadQuestion]);
  const askAgain = () => {
    setQuestionThrottled(false);
    setInlineError(null);
    loadQuestion();
  };

  const submit = ({ answer, rememberComputer }: SecurityQuestionValues) =>
    flight.run(async () => {
      if (!captcha || !securityQuestion) return;
      setInlineError(null);
      try {
        const result = await authenticate.mutateAsync({
          data: deviceFingerprint(),
          headers: { Securityanswer: encodeURIComponent(answer), Savedevice: rememberComputer ? 'true' : 'false', Captcha: captcha },
        });
        await landing.completeSignIn(result, step.signIn);
      } catch (error) {
        if (isApiError(error) && needsMfa(error))
          return journey.advance({ name: 'method-choice', attempt: { kind: 'sign-in', signIn: step.signIn }, back: null });
        showSignInFailure(error, setInlineError);
        // A captcha answer is good for one try.
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
      }
    });

  // The answer field is described by the question it answers.
  const questionId = useId();
  const securityQuestion = question.data && answerData(question.data).securityQuestion;
  return (
    <Screen id="security-question-heading" heading={journeyTexts.securityQuestionHeading}>
      <HelpTooltip lead={journeyTexts.unrecognisedComputer} label={journeyTexts.whyAsked}>
        {journeyTexts.whyAskedAnswer}
      </HelpTooltip>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <Stack>
          {securityQuestion ? (
            <p id={questionId} className="security-question-page__question" data-gateway-text>
              {securityQuestion}
            </p>
          ) : questionThrottled ? null : (
            <p aria-busy="true">{journeyTexts.loadingQuestion}</p>
          )}
          <TextField
            label={journeyTexts.securityAnswer}
            aria-describedby={securityQuestion ? questionId : undefined}
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
          <CheckboxField label={journeyTexts.rememberComputer} {...form.register('rememberComputer')} />
          <Captcha key={captchaRound} onChange={setCaptcha} />
          {inlineError ? <FormError>{inlineError}</FormError> : null}
          <FormFooter submit={journeyTexts.signIn} busy={flight.busy} disabled={!captcha || !securityQuestion}>
            {questionThrottled ? (
              <Button
                variant="secondary"
                onClick={() => {
                  // The button goes while the question is asked for again.
                  focusPageHeading();
                  askAgain();
                }}
                busy={question.isPending}
              >
                {commonTexts.tryAgain}
              </Button>
            ) : null}
          </FormFooter>
        </Stack>
      </form>
    </Screen>
  );
}
