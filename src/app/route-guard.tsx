import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { GUARD_REDIRECT_DELAY_MS } from '../lib/constants';
import { paths } from '../lib/paths';
import { isMfaAdoptionInProgress, readSession } from '../lib/session-storage';

/**
 * A route that needs a session (spec section 5: a user id and token in session storage, and no
 * multi-factor adoption in progress): otherwise nothing renders and the user goes to login after 50 ms.
 */
export function RequireSession() {
  const navigate = useNavigate();
  const allowed = readSession() !== null && !isMfaAdoptionInProgress();
  useEffect(() => {
    if (allowed) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), GUARD_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate]);
  return allowed ? <Outlet /> : null;
}

/**
 * A step that follows a completed sign-in (adding a phone or verifying an email): it needs the
 * stored session, else back to the form at once (the journey has no 50 ms grace).
 */
export function RequireStoredSession() {
  return readSession() ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}
