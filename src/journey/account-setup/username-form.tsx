import { zodResolver } from '@hookform/resolvers/zod';
import { useShownText, type ShownText } from '../../lib/i18n/shown-text';
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
  readonly onAvailable: (username: string) => Promise<ShownText | null>;
  /** A secondary button (username-taken's Cancel). */
  readonly secondary?: FormAction;
  /**
   * Whether the username is already this user's (saved on this screen): not checked again, since
   * the gateway would call it taken.
   */
  readonly isOwn?: (username: string) => boolean;
}

/**
 * A username for account setup: the contract's rule, then its availability (validateUsername).
 * A taken one names the alternative the gateway offers; every message shows on the field.
 */
export function UsernameForm({ defaultValue, onAvailable, secondary, isOwn }: UsernameFormProps) {
  const { checkUsername } = useAccountSetupCalls();
  const flight = useSingleFlight();
  const form = usePortalForm<UsernameInput, unknown, UsernameValues>({
    resolver: zodResolver(usernameSchema),
    defaultValues: { username: defaultValue },
  });

  /** What the gateway's answers said of the username (taken, could not be checked), until it changes. */
  const [problem, setProblem] = useShownText();

  const submit = ({ username }: UsernameValues) =>
    flight.run(async () => {
      setProblem((isOwn?.(username) ? null : await checkUsername(username)) ?? (await onAvailable(username)));
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
          error={form.formState.errors.username?.message ?? problem ?? undefined}
          {...form.register('username', {
            onChange: () => {
              form.clearErrors('username');
              setProblem(null);
            },
          })}
        />
        <FormFooter submit={commonTexts.continue} busy={flight.busy} secondary={secondary} />
      </Stack>
    </form>
  );
}
