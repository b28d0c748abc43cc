import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type RefObject } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { useSignInWithRecoveryCode } from '../../../generated/hooks/sign-in/sign-in';
import { FormFooter } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { notify } from '../../lib/notifications';
import { useSubmission } from '../../lib/use-single-flight';
import { LockoutError } from '../code-entry/lockout-error';
import type { SignIn } from '../journey';
import { useLanding } from '../landing/use-landing';
import { recoveryCodeFailure } from './recovery-code-failure';
import { recoveryCodeSchema, type RecoveryCodeInput, type RecoveryCodeValues } from './recovery-code.schema';
import { commonTexts } from '../../lib/messages/common';
import { recoveryCodeTexts } from '../../lib/messages/passkeys';

interface RecoveryCodeFormProps {
  /** The sign-in the code completes: its basic credentials go with the call, from memory (the API client reads them). */
  readonly signIn: SignIn;
  /** The code's field, which the screen focuses when the user switches to this form. */
  readonly fieldRef: RefObject<HTMLInputElement | null>;
}

/**
 * A recovery code in place of the one-time code at sign-in's code step: one request per submit,
 * then the landing a one-time code leads to. A refusal shows under the form (a lockout with the
 * customer-service number); the code stays for a typo or a wait and goes when it cannot work.
 */
export function RecoveryCodeForm({ signIn, fieldRef }: RecoveryCodeFormProps) {
  const landing = useLanding();
  const signInWithCode = useSignInWithRecoveryCode();
  const submission = useSubmission();
  const [refusal, setRefusal] = useShownText();
  const [lockout, setLockout] = useState<string | null>(null);
  const form = usePortalForm<RecoveryCodeInput, unknown, RecoveryCodeValues>({
    resolver: zodResolver(recoveryCodeSchema),
    defaultValues: { recoveryCode: '' },
    reValidateMode: 'onSubmit',
  });
  const { ref: registerField, ...field } = form.register('recoveryCode', {
    onChange: () => {
      form.clearErrors('recoveryCode');
      setRefusal(null);
    },
  });

  const submit = ({ recoveryCode }: RecoveryCodeValues) =>
    submission.run(async () => {
      if (lockout) return;
      setRefusal(null);
      try {
        const result = await signInWithCode.mutateAsync({ data: { recoveryCode, fingerprint: deviceFingerprint() } });
        await landing.completeSignIn(result, signIn);
      } catch (error) {
        const failure = recoveryCodeFailure(error);
        if (failure.show === 'lockout') return setLockout(failure.message);
        if (failure.show === 'internal') notify(signInInternalError);
        else {
          // Read again as the form draws: a wait or a refusal in the catalogue's words follows a change of language.
          setRefusal(() => {
            const shown = recoveryCodeFailure(error);
            return shown.show === 'inline' ? shown.message : null;
          });
          if (!failure.keepCode) form.setValue('recoveryCode', '');
        }
        // The user goes on from the field.
        fieldRef.current?.focus();
      }
    });

  return (
    <form noValidate onSubmit={lockout ? (event) => event.preventDefault() : form.handleSubmit(submit)}>
      <Stack>
        <TextField
          {...field}
          ref={(element) => {
            registerField(element);
            fieldRef.current = element;
          }}
          label={recoveryCodeTexts.code}
          hint={recoveryCodeTexts.codeHint}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          error={form.formState.errors.recoveryCode?.message}
          closed={lockout !== null}
        />
        <FormFooter submit={commonTexts.continue} busy={submission.busy} disabled={lockout !== null} />
        {refusal ? <FormError>{refusal}</FormError> : null}
        {lockout ? <LockoutError description={lockout} /> : null}
      </Stack>
    </form>
  );
}
