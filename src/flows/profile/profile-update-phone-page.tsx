import { useEffect, useRef } from 'react';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { errorToast, rateLimitMessage } from '../../lib/api/error-catalogue';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { PhoneSetup } from '../../journey/phone-setup/phone-setup';
import { profileUpdatePhoneSlot, totpVerifiedSlot } from '../../journey/phone-setup/profile-slots';
import { useStep } from '../../journey/require-step';
import { useJourney } from '../../journey/use-journey';
import { useAuthenticatorLookup } from './use-authenticator-lookup';
import { errorTexts } from '../../lib/messages/errors';
import { profileTexts } from '../../lib/messages/profile';
import { commonTexts } from '../../lib/messages/common';
import { focusPageHeading } from '../../components/ui/page-heading';

/**
 * `/profile-update-phone`: a new phone from the profile. A user with an authenticator app who
 * has not verified its code in this session verifies it first (on the shared code screen) and
 * comes back; then the shared phone set-up, ending on the profile app's success page.
 */
export function ProfileUpdatePhonePage() {
  const step = useStep('phone-setup');
  const journey = useJourney();
  const verified = totpVerifiedSlot.read() === true;
  const lookup = useAuthenticatorLookup(!verified);
  const handled = useRef(false);

  useEffect(() => {
    profileUpdatePhoneSlot.write(true);
  }, []);

  useEffect(() => {
    if (handled.current || lookup.state === 'checking' || lookup.state === 'none') return;
    // No usable answer (none, none in time, one that breaks the contract, or a request to wait)
    // says nothing about the user's app: the screen says so where the user is, signed in, with
    // Try again (below).
    if (lookup.state === 'failed' && !lookup.refused) return;
    handled.current = true;
    if (lookup.state === 'failed') {
      // The spec's "up one level": a lookup the gateway answered with an error leaves this screen
      // for the one above, saying why (the screen above has nothing to tell).
      notify(errorToast(() => errorTexts.securitySettingsNotLoaded));
      // Leaving the phone update ends its journey step: nothing of it stays behind.
      journey.end(paths.signIn);
      return;
    }
    // In place of this page: the browser's Back from the code goes to where the user came from,
    // not here, which would ask for the code again.
    journey.advance({ name: 'code-entry', code: { for: 'profile-app' }, back: null }, { replace: true });
  }, [journey, lookup]);

  if (!verified && lookup.state !== 'none') {
    // The phone entry is never offered around the lookup: a user with an app proves it first.
    const retry = lookup.state === 'failed' && !lookup.refused ? lookup.retry : null;
    return (
      <Screen heading={profileTexts.newPhoneHeading}>
        {retry ? (
          <>
            <p role="alert">
              {lookup.state === 'failed' && lookup.throttled ? rateLimitMessage(lookup.throttled) : errorTexts.securitySettingsNotLoaded}
            </p>
            <ActionsRow>
              <Button
                onClick={() => {
                  // The button goes while the security settings are asked for again.
                  focusPageHeading();
                  retry();
                }}
              >
                {commonTexts.tryAgain}
              </Button>
              <Button variant="secondary" onClick={() => leavePortal(externalTargets(env.envPathPrefix).profileSecurity)}>
                {profileTexts.backToProfile}
              </Button>
            </ActionsRow>
          </>
        ) : (
          <p aria-busy="true">{profileTexts.checkingSettings}</p>
        )}
      </Screen>
    );
  }
  return <PhoneSetup step={step} />;
}
