import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { isRefusal } from '../../lib/api/error-catalogue';
import { useShownText, type ShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { FormFooter } from '../layout/form-footer';
import { Stack } from '../layout/stack';
import { FormError } from '../ui/form-error';
import { PasswordChecklist } from '../ui/password-checklist';
import { PasswordField } from '../ui/password-field';
import { isPasswordAcceptable, PASSWORD_MAX } from '../../lib/password-rules';
import { useSingleFlight } from '../../lib/use-single-flight';
import { newPasswordSchema, type NewPasswordValues } from './new-password.schema';
import { commonTexts } from '../../lib/messages/common';

interface NewPasswordFormProps {
  /** Sends the new password (once per intent): resolves when it was accepted, rejects when not. */
  readonly save: (password: string) => unknown;
  /**
   * The inline error a rejection shows, or null for none, asked once when the rejection comes
   * (it may say more elsewhere, as a notification); the catalogue's text as a function that
   * reads it, so it follows a change of language. The form is emptied after a rejection.
   */
  readonly failureText?: (failure: unknown) => ShownText | null;
  readonly onCancel?: () => void;
  /** The cancel button's text: 'Cancel' unless given (account setup's steps go Back). */
  readonly cancelText?: string;
}

/**
 * Choosing a new password (reset link, password change, account setup): both entries, the rules
 * as a live checklist, Continue disabled until every rule is met.
 */
export function NewPasswordForm({ save, failureText, onCancel, cancelText = commonTexts.cancel }: NewPasswordFormProps) {
  const checklistId = useId();
  const flight = useSingleFlight();
  const [error, setError] = useShownText();
  const form = usePortalForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const password = form.watch('password');
  const confirmation = form.watch('confirmation');

  const submit = async ({ password: chosen }: NewPasswordValues) => {
    let refused = false;
    await flight.run(async () => {
      setError(null);
      try {
        await save(chosen);
      } catch (failure) {
        refused = isRefusal(failure);
        setError(failureText?.(failure) ?? null);
      }
    });
    // A password the gateway refused is not kept on the screen; the next one is typed where it
    // was. One it never judged (no answer, a server error) stays, to be sent again as it is.
    if (refused) {
      // Drawn at once, so the emptied field is registered again and can take the focus.
      flushSync(() => form.reset());
      form.setFocus('password');
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <Stack>
        <PasswordField
          label={commonTexts.newPassword}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-describedby={`${checklistId} ${checklistId}-rules`}
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
          busy={flight.busy}
          disabled={!isPasswordAcceptable(password, confirmation)}
          secondary={onCancel ? { text: cancelText, onClick: onCancel } : undefined}
        />
      </Stack>
    </form>
  );
}
