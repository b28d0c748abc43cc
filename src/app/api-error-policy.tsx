import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLogOperation, logActivity } from '../lib/activity-log';
import { onApiError } from '../lib/api/api-client';
import { errorMessage, isSessionRejected, isUnauthorized } from '../lib/api/failures';
import { paths } from '../lib/paths';
import { signOut } from '../lib/session';

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
          void logActivity(errorMessage(error), `${operation.operationId}: ${error.message}`);
        }
      }),
    [navigate],
  );
  return null;
}
