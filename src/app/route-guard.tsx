import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { GUARD_REDIRECT_DELAY_MS } from '../lib/constants';
import { useJourneyState } from '../lib/journey/journey';
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
 * A step of a sign-in in progress (security question, code choice, optional adoption): without
 * one (a reload forgets it) there is nothing to continue, so the user starts again at the form.
 */
export function RequireSignInAttempt() {
  const { attempt } = useJourneyState();
  return attempt?.kind === 'sign-in' ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}

/**
 * A step of a password reset (the security question): without one, or without the question it
 * needs, the reset starts again at its first step.
 */
export function RequireResetQuestion() {
  const { attempt } = useJourneyState();
  return attempt?.kind === 'reset' && attempt.securityQuestion ? <Outlet /> : <Navigate to={paths.resetPassword} replace />;
}

/** The choice of code method, which a sign-in and a reset share: without either, back to the sign-in form. */
export function RequireAttempt() {
  const { attempt } = useJourneyState();
  return attempt ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}

/**
 * A step that follows a completed sign-in (adding a phone or verifying an email): it needs the
 * stored session, else back to the form at once (the journey has no 50 ms grace).
 */
export function RequireStoredSession() {
  return readSession() ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}
