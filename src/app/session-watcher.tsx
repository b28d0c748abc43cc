import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getValidateSessionQueryOptions } from '../../generated/hooks/session/session';
import { isApiError } from '../../gateway-client/api-error';
import { isSessionStatusRefusal } from '../lib/api/failures';
import { AUTH_COOKIE_POLL_MS } from '../lib/constants';
import { paths } from '../lib/paths';
import { getSessionState, markSignedIn, markSignedOut, onSignOut, signOut } from '../lib/session';
import { readAuthCookie, readAuthToken, readSession } from '../lib/session-storage';

/** The app's query client, which the first screen does not load: loaded when a session is to be checked. */
const loadQueryClient = () => import('../lib/query-client').then((module) => module.appQueryClient);

/**
 * Keeps this tab's session state true to the gateway (spec section 4): validates the session at
 * start and whenever the auth cookie changes (checked every 1500 ms). One rule for failures: a
 * refused validation (not validated, or an errors list) or a vanished cookie signs the tab out
 * and leaves any guarded screen (HTTP 401, 403 or 440 are ApiErrorPolicy's, as for every call
 * with the session token); a call that failed (network, deadline, 5xx, a broken body) keeps the
 * session and is tried again on the next poll. Every sign-out ends on the right page.
 */
export function SessionWatcher() {
  const navigate = useNavigate();

  useEffect(
    () =>
      onSignOut((reason) => {
        // Forget what belonged to the user (journey-store.ts forgets the journey); the public
        // brand and announcements stay (lib/public-content.ts keeps them, not the query client).
        void loadQueryClient()
          .then((queryClient) => queryClient.removeQueries())
          .catch(() => undefined);
        if (reason === 'timeout' || reason === 'elsewhere') navigate(paths.sessionExpired, { replace: true });
        if (reason === 'rejected') navigate(paths.login, { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    let stopped = false;
    // A validation that could not be made (network, deadline, 5xx, a body that breaks the
    // contract) is tried again on the next poll, whether or not the cookie changed meanwhile.
    let retry = false;
    const lose = () => {
      retry = false;
      // A refused session is ended, and a guarded screen is left, whether or not this tab had
      // confirmed it yet; a sign-in or reset in progress (nothing stored) keeps its state.
      if (getSessionState().status === 'signed-in') return signOut('elsewhere');
      if (readSession()) return signOut('rejected');
      markSignedOut();
    };
    const validate = async () => {
      retry = false;
      const token = readAuthToken();
      if (!token) return lose();
      try {
        const queryClient = await loadQueryClient();
        // The session may have ended while the client loaded (a guard's sign-out): no call
        // without a token, which the gateway would refuse with a 401.
        if (stopped) return;
        if (!readAuthToken()) return lose();
        const result = await queryClient.fetchQuery({ ...getValidateSessionQueryOptions(), staleTime: 0, retry: false });
        // An answer about a session that has ended or changed since (a logout page signed out
        // meanwhile) says nothing about the one there now: the cookie's poll takes it from here.
        if (stopped || readAuthToken() !== token) return;
        if (result.validated && result.userId) markSignedIn(result.userId);
        else lose();
      } catch (error) {
        if (stopped) return;
        // A refusal by status is the API error policy's, which signs out (one place for 401,
        // 403 and 440); an errors list refuses the session here.
        if (!isApiError(error)) retry = true;
        else if (error.kind === 'business') lose();
        else if (!isSessionStatusRefusal(error)) retry = true;
      }
    };
    let cookie = readAuthCookie();
    void validate();
    const timer = setInterval(() => {
      const now = readAuthCookie();
      if (now === cookie && !retry) return;
      cookie = now;
      if (now === null) lose();
      else void validate();
    }, AUTH_COOKIE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  return null;
}
