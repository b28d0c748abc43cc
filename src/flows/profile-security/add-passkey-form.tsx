import { zodResolver } from '@hookform/resolvers/zod';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import type { Passkey } from '../../../generated/models/passkey';
import { FormFooter } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { NOTIFICATION_TIMEOUT_MS } from '../../lib/constants';
import { notify } from '../../lib/notifications';
import { deviceName } from '../../lib/passkeys/device-name';
import { usePasskeyRegistration } from '../../lib/passkeys/use-passkey-registration';
import { useSingleFlight } from '../../lib/use-single-flight';
import { passkeyFailureMessage } from '../../lib/passkeys/failures';
import { passkeyNameSchema, type PasskeyNameInput, type PasskeyNameValues } from './passkey-name.schema';
import { passkeyTexts } from '../../lib/messages/passkeys';

/**
 * "Add a passkey": a name (this device's, to start with), then the gateway's options, the
 * browser's prompt and the gateway's verification, one request at a time. A failure says why
 * and leaves the name as typed, so Add a passkey tries again.
 */
export function AddPasskeyForm({ onAdded }: { readonly onAdded: (passkey: Passkey) => void }) {
  const { register } = usePasskeyRegistration();
  const flight = useSingleFlight();
  const [error, setError] = useShownText();
  const form = usePortalForm<PasskeyNameInput, unknown, PasskeyNameValues>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: deviceName() },
    mode: 'onTouched',
  });

  const submit = ({ name }: PasskeyNameValues) =>
    flight.run(async () => {
      setError(null);
      let passkey: Passkey;
      try {
        passkey = await register(name);
      } catch (failure) {
        setError(() => passkeyFailureMessage(failure));
        return;
      }
      form.reset({ name: deviceName() });
      notify({ type: 'success', message: () => passkeyTexts.addedNotice, dismissOnTimeout: NOTIFICATION_TIMEOUT_MS, isUnique: true });
      onAdded(passkey);
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={passkeyTexts.add}>
      <Stack>
        <TextField
          label={passkeyTexts.name}
          hint={passkeyTexts.nameHint}
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name', { onChange: () => setError(null) })}
        />
        {error ? <FormError>{error}</FormError> : null}
        <FormFooter submit={passkeyTexts.add} busy={flight.busy} />
      </Stack>
    </form>
  );
}
