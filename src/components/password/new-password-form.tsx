import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormFooter } from '../layout/form-footer';
import { Stack } from '../layout/stack';
import { FormError } from '../ui/form-error';
import { PasswordChecklist } from '../ui/password-checklist';
import { PasswordField } from '../ui/password-field';
import { isPasswordAcceptable, PASSWORD_MAX } from '../../lib/password-rules';
import { newPasswordSchema, type NewPasswordValues } from './new-password.schema';
import { commonTexts } from '../../lib/messages/common';

interface NewPasswordFormProps {
  /** Sends the new password; resolves true when it was accepted. The form is emptied after a refusal. */
  readonly onSubmit: (password: string) => Promise<boolean>;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onCancel?: () => void;
  /** The cancel button's text: 'Cancel' unless given (account setup's steps go Back). */
  readonly cancelText?: string;
}

/**
 * Choosing a new password (reset link, password change, account setup): both entries, the rules
 * as a live checklist, Continue disabled until every rule is met.
 */
export function NewPasswordForm({ onSubmit, busy, error, onCancel, cancelText = commonTexts.cancel }: NewPasswordFormProps) {
  const checklistId = useId();
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmation: '' } });
  const password = form.watch('password');
  const confirmation = form.watch('confirmation');

  const submit = async ({ password: chosen }: NewPasswordValues) => {
    // A refused password is not kept on the screen.
    if (!(await onSubmit(chosen))) form.reset();
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <Stack>
        <PasswordField
          label={commonTexts.newPassword}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-describedby={checklistId}
          {...form.register('password')}
        />
        <PasswordField
          label={commonTexts.confirmNewPassword}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          {...form.register('confirmation')}
        />
        <PasswordChecklist password={password} confirmation={confirmation} id={checklistId} />
        {error ? <FormError>{error}</FormError> : null}
        <FormFooter
          submit={commonTexts.continue}
          busy={busy}
          disabled={!isPasswordAcceptable(password, confirmation)}
          secondary={onCancel ? { text: cancelText, onClick: onCancel } : undefined}
        />
      </Stack>
    </form>
  );
}
