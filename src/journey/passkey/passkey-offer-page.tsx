import { useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { passkeyTexts } from '../../lib/messages/passkeys';
import { deviceName } from '../../lib/passkeys/device-name';
import { passkeyFailureMessage } from '../../lib/passkeys/failures';
import { usePasskeyRegistration } from '../../lib/passkeys/use-passkey-registration';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import { useLanding } from '../landing/use-landing';
import { declinePasskeyOffer } from './offer-memory';

/**
 * `/passkey-offer` (this contract's extension): once, after a password sign-in on a device with
 * its own authenticator, to a user with no passkey: add one, named after the device (the profile
 * renames it), or "Not now", which this device remembers for this user. Either way the user goes
 * on to the landing address the sign-in saved. A failed or cancelled prompt says so and offers
 * both choices again.
 */
export function PasskeyOfferPage() {
  const landing = useLanding();
  const { userId } = useStoredSession();
  const { register } = usePasskeyRegistration();
  const flight = useSingleFlight();
  const [choice, setChoice] = useState<'add' | 'later' | null>(null);
  const [message, setMessage] = useShownText();

  const onward = () => landing.run((module, deps) => module.continueToLanding(deps));

  const add = () =>
    flight.run(async () => {
      setChoice('add');
      setMessage(null);
      try {
        await register(deviceName());
      } catch (error) {
        setMessage(() => passkeyFailureMessage(error));
        return;
      }
      await onward();
    });

  const later = () =>
    flight.run(async () => {
      setChoice('later');
      declinePasskeyOffer(userId);
      await onward();
    });
  const busy = flight.busy ? choice : null;

  return (
    <Screen heading={passkeyTexts.offerHeading}>
      <p>{passkeyTexts.offerText}</p>
      {message ? <FormError>{message}</FormError> : null}
      <ActionsRow>
        <Button onClick={() => void add()} busy={busy === 'add'} disabled={busy === 'later'}>
          {passkeyTexts.add}
        </Button>
        <Button variant="secondary" onClick={() => void later()} busy={busy === 'later'} disabled={busy === 'add'}>
          {passkeyTexts.notNow}
        </Button>
      </ActionsRow>
    </Screen>
  );
}
