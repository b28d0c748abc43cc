import { zodResolver } from '@hookform/resolvers/zod';
import { usePortalForm } from '../../lib/use-portal-form';
import { FormFooter, type FormAction } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { TextField } from '../../components/ui/text-field';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useAccountSetupCalls } from './use-account-setup';
import { USERNAME_MAX, usernameSchema, type UsernameInput, type UsernameValues } from './username.schema';
import { accountSetupTexts } from '../../lib/messages/account-setup';
import { commonTexts } from '../../lib/messages/common';

interface UsernameFormProps {
  readonly defaultValue: string;
  /**
   * Runs once the gateway says the username is free; resolves to a message for the field when
   * the username still cannot be used.
   */
  readonly onAvailable: (username: string) => Promise<string | null>;
  /** A secondary button (username-taken's Cancel). */
  readonly secondary?: FormAction;
}

/**
 * A username for account setup: the contract's rule, then its availability (validateUsername).
 * A taken one names the alternative the gateway offers; every message shows on the field.
 */
export function UsernameForm({ defaultValue, onAvailable, secondary }: UsernameFormProps) {
  const { checkUsername } = useAccountSetupCalls();
  const flight = useSingleFlight();
  const form = usePortalForm<UsernameInput, unknown, UsernameValues>({
    resolver: zodResolver(usernameSchema),
    defaultValues: { username: defaultValue },
  });

  const submit = ({ username }: UsernameValues) =>
    flight.run(async () => {
      const problem = (await checkUsername(username)) ?? (await onAvailable(username));
      if (problem) form.setError('username', { type: 'server', message: problem });
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <Stack>
        <TextField
          label={accountSetupTexts.username}
          hint={accountSetupTexts.usernameHint}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          error={form.formState.errors.username?.message}
          {...form.register('username', { onChange: () => form.clearErrors('username') })}
        />
        <FormFooter submit={commonTexts.continue} busy={flight.busy} secondary={secondary} />
      </Stack>
    </form>
  );
}
