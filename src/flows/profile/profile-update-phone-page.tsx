import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { PageHeading } from '../../components/ui/page-heading';
import { errorToast } from '../../lib/api/error-catalogue';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { PhoneSetup } from '../../journey/phone-setup/phone-setup';
import { profileUpdatePhoneSlot, totpVerifiedSlot } from '../../journey/phone-setup/profile-slots';
import { useStep } from '../../journey/require-step';
import { useJourney } from '../../journey/use-journey';
import { useAuthenticatorLookup } from './use-authenticator-lookup';

/**
 * `/profile-update-phone`: a new phone from the profile. A user with an authenticator app who
 * has not verified its code in this session verifies it first (on the shared code screen) and
 * comes back; then the shared phone set-up, ending on the profile app's success page.
 */
export function ProfileUpdatePhonePage() {
  const step = useStep('phone-setup');
  const navigate = useNavigate();
  const journey = useJourney();
  const headingId = useId();
  const verified = totpVerifiedSlot.read() === true;
  const lookup = useAuthenticatorLookup(!verified);
  const handled = useRef(false);

  useEffect(() => {
    profileUpdatePhoneSlot.write(true);
  }, []);

  useEffect(() => {
    // The spec's "up one level": a lookup that failed leaves this screen for the one above.
    if (handled.current || lookup.state === 'checking' || lookup.state === 'none') return;
    handled.current = true;
    if (lookup.state === 'failed') {
      // Saying why: the screen above has nothing to tell.
      notify(errorToast('Your security settings could not be loaded. Please try again later.'));
      navigate(paths.signIn);
      return;
    }
    journey.advance({ name: 'code-entry', code: { for: 'profile-app' }, back: null });
  }, [journey, lookup.state, navigate]);

  if (!verified && lookup.state !== 'none') {
    return (
      <Page>
        <Card labelledBy={headingId}>
          <PageHeading id={headingId}>Enter your new phone number</PageHeading>
          <p aria-busy="true">Checking your security settings…</p>
        </Card>
      </Page>
    );
  }
  return <PhoneSetup step={step} />;
}
