import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { signOut } from '../lib/session';
import { isMfaAdoptionInProgress } from '../lib/session-storage';

/** The screens multi-factor adoption moves between. */
const ADOPTION_ROUTES: readonly string[] = [paths.updatePhone, paths.updateEmail, paths.mfaVerification];

/**
 * Leaving multi-factor adoption through a hash change (the address bar, the back button, a
 * link) while it is in progress ends the session and forces the login page (spec section 4).
 * The page a tab opens on is not a change.
 */
export function AdoptionLock() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!ADOPTION_ROUTES.includes(pathname) && isMfaAdoptionInProgress()) signOut('rejected');
  }, [pathname]);
  return null;
}
