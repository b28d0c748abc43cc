import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { onApiError } from '../lib/api/api-client';
import { isLogOperation, isSessionRejected, isUnauthorized } from '../lib/api/failures';
import { paths } from '../lib/paths';
import { signOut } from '../lib/session';
import { readAuthToken } from '../lib/session-storage';

/**
 * The spec's HTTP error rules, applied once for every call with a session token: 403 and 440
 * sign the user out and go to login; 401 goes to /login, and the refused token is forgotten. Failed calls are written to the
 * activity log, except the log calls themselves. Screens still get the error to show.
 */
export function ApiErrorPolicy() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onApiError((error, operation) => {
        if (!operation || isLogOperation(operation.operationId)) return;
        // A call that went out as the session ended (a poll whose turn came just after the
        // sign-out) carried no token: its refusal is of no session, and must not move the user
        // from where the sign-out took them.
        const refused = isSessionRejected(error) || isUnauthorized(error);
        if (operation.security === 'token' && refused && readAuthToken() === null) return;
        if (operation.security === 'token' && isSessionRejected(error)) {
          // The session watcher takes the user to login, as for every rejected session.
          signOut('rejected');
          return;
        }
        if (operation.security === 'token' && isUnauthorized(error)) {
          // The token is no good: it must not stay in storage or the cookie.
          signOut('rejected');
          navigate(paths.login, { replace: true });
          return;
        }
        if (error.kind === 'http' || error.kind === 'contract') {
          // The log's code loads with the first failure it writes down, not with the first screen.
          void import('../lib/activity-log').then((log) => log.logFailure(error, operation.operationId)).catch(() => undefined);
        }
      }),
    [navigate],
  );
  return null;
}
