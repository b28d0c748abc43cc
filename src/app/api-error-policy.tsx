import { useEffect } from 'react';
import { onApiError } from '../../gateway-client/api-client';
import { isLogOperation, isSessionStatusRefusal } from '../lib/api/failures';
import { signOut } from '../lib/session';
import { readAuthToken } from '../lib/session-storage';

/**
 * The spec's HTTP error rules, applied once for every call with a session token: 401, 403 and 440
 * sign the user out, forgetting the refused token, and the session watcher takes them to login.
 * Failed calls are written to the activity log, except the log calls themselves. Screens still
 * get the error to show.
 */
export function ApiErrorPolicy() {
  useEffect(
    () =>
      onApiError((error, operation) => {
        if (!operation || isLogOperation(operation.operationId)) return;
        if (operation.security === 'token' && isSessionStatusRefusal(error)) {
          // A call that went out as the session ended (a poll whose turn came just after the
          // sign-out) carried no token: its refusal is of no session, and must not move the user
          // from where the sign-out took them.
          if (readAuthToken() !== null) signOut('rejected');
          return;
        }
        if (error.kind === 'http' || error.kind === 'contract') {
          // The log's code loads with the first failure it writes down, not with the first screen.
          void import('../lib/activity-log').then((log) => log.logFailure(error, operation.operationId)).catch(() => undefined);
        }
      }),
    [],
  );
  return null;
}
