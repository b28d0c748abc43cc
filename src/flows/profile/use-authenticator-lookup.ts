import { useEffect, useRef, useState } from 'react';
import { useGetTotpInfo } from '../../../generated/hooks/totp/totp';
import { answerData } from '../../lib/api/answer-data';
import { isApiError, type ApiError } from '../../../gateway-client/api-error';
import { isRateLimited } from '../../lib/api/error-catalogue';
import { isGatewayError } from '../../lib/api/failures';
import { useStoredSession } from '../../lib/use-stored-session';

export type AuthenticatorLookup =
  | { readonly state: 'checking' }
  | { readonly state: 'app' }
  | { readonly state: 'none' }
  | {
      readonly state: 'failed';
      /** The gateway answered with an error (the spec's lookup error), rather than no usable answer. */
      readonly refused: boolean;
      /** The gateway asked to wait (HTTP 429): no verdict on the lookup, and the wait to say. */
      readonly throttled: ApiError | null;
      readonly retry: () => void;
    };

/**
 * Looks up the signed-in user's authenticator app once, when `enabled` (the spec's "look up the
 * authenticator option"): whether one is registered. A failed lookup can be tried again.
 */
export function useAuthenticatorLookup(enabled: boolean): AuthenticatorLookup {
  const { username } = useStoredSession();
  const lookup = useGetTotpInfo();
  const [round, setRound] = useState(0);
  const asked = useRef(-1);
  const [result, setResult] = useState<AuthenticatorLookup>({ state: 'checking' });

  useEffect(() => {
    // Once per round: a second render (or React's development re-run) must not ask twice.
    if (!enabled || asked.current === round) return;
    asked.current = round;
    lookup
      .mutateAsync({ data: { username } })
      .then((answer) => setResult(answerData(answer).authAppName ? { state: 'app' } : { state: 'none' }))
      .catch((error: unknown) => {
        const throttled = isRateLimited(error) ? error : null;
        setResult({
          state: 'failed',
          refused: isApiError(error) && isGatewayError(error) && !throttled,
          throttled,
          retry: () => {
            setResult({ state: 'checking' });
            setRound((value) => value + 1);
          },
        });
      });
  }, [enabled, lookup, round, username]);

  return result;
}
