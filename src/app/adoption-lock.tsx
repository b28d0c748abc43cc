import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { isMfaAdoptionInProgress } from '../lib/session-storage';
import { useLogOutToLogin } from '../lib/use-log-out';

/** The screens multi-factor adoption moves between. */
const ADOPTION_ROUTES: readonly string[] = [paths.updatePhone, paths.updateEmail, paths.mfaVerification];

/**
 * Leaving multi-factor adoption through a hash change (the address bar, the back button, a
 * link) while it is in progress in this tab ends the session and forces the login page (spec
 * section 4). The page a tab opens on is not a change.
 */
export function AdoptionLock() {
  const { pathname } = useLocation();
  const logOut = useLogOutToLogin();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (ADOPTION_ROUTES.includes(pathname) || !isMfaAdoptionInProgress()) return;
    // The portal's choice, not the gateway's refusal: the gateway's session ends too.
    logOut();
  }, [logOut, pathname]);
  return null;
}
