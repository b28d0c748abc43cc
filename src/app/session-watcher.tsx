import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getGetAnnouncementsQueryKey } from '../../generated/hooks/announcements/announcements';
import { getGetPublicBrandingQueryKey } from '../../generated/hooks/branding/branding';
import { getValidateSessionQueryOptions } from '../../generated/hooks/session/session';
import { isApiError } from '../lib/api/api-error';
import { AUTH_COOKIE_POLL_MS } from '../lib/constants';
import { paths } from '../lib/paths';
import { getSessionState, markSignedIn, markSignedOut, onSignOut, signOut } from '../lib/session';
import { endSession, readAuthCookie, readAuthToken, readSession } from '../lib/session-storage';

const PUBLIC_QUERY_KEYS = [getGetPublicBrandingQueryKey()[0], getGetAnnouncementsQueryKey()[0]].map(String);

/**
 * Keeps this tab's session state true to the gateway (spec section 4): validates the session at
 * start and whenever the auth cookie changes (checked every 1500 ms); a failed validation or a
 * vanished cookie signs the tab out. Every sign-out ends on the right page.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSignOut((reason) => {
        // Forget what belonged to the user; the public brand and announcements stay.
        queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_KEYS.includes(String(query.queryKey[0])) });
        if (reason === 'timeout' || reason === 'elsewhere') navigate(paths.sessionExpired, { replace: true });
        if (reason === 'rejected') navigate(paths.login, { replace: true });
      }),
    [navigate, queryClient],
  );

  useEffect(() => {
    let stopped = false;
    const lose = () => {
      if (getSessionState().status === 'signed-in') return signOut('elsewhere');
      // A stored session the gateway refuses is ended; a sign-in or reset in progress (no
      // token yet) keeps what it stored.
      if (readSession()) endSession();
      markSignedOut();
    };
    const validate = async () => {
      if (!readAuthToken()) return lose();
      try {
        const result = await queryClient.fetchQuery({ ...getValidateSessionQueryOptions(), staleTime: 0 });
        if (stopped) return;
        if (result.validated && result.userId) markSignedIn(result.userId);
        else lose();
      } catch (error) {
        // An answer that refuses the session ends it; a gateway that cannot be reached does not.
        if (!stopped && isApiError(error) && (error.kind === 'http' || error.kind === 'business')) lose();
      }
    };
    let cookie = readAuthCookie();
    void validate();
    const timer = setInterval(() => {
      const now = readAuthCookie();
      if (now === cookie) return;
      cookie = now;
      if (now === null) lose();
      else void validate();
    }, AUTH_COOKIE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [queryClient]);

  return null;
}
