import { useEffect } from 'react';
import { onApiError } from '../../gateway-client/api-client';
import { isLogOperation, isSessionStatusRefusal } from '../lib/api/failures';
import { markSignedOut, signOut } from '../lib/session';
import { clearSessionAndCookies, readAuthToken, readSession } from '../lib/session-storage';

/**
 * The spec's HTTP error rules, applied once for every call with a session token: 401, 403 and 440
 * sign the user out, forgetting the refused token, and the session watcher takes them to login;
 * a leftover auth cookie that a tab without a session sent is forgotten, the user left where they are.
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
          if (readSession()) {
            signOut('rejected');
          } else if (readAuthToken() !== null) {
            // An auth cookie alone, left by an earlier visit (this tab holds no session, so its
            // screen is a public one: an emailed link, the sign-in form): forgotten where the
            // user is, who did not come to sign in.
            clearSessionAndCookies();
            markSignedOut();
          }
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
