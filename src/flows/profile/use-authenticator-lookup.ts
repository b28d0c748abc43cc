import { useEffect, useRef, useState } from 'react';
import { useGetTotpInfo } from '../../../generated/hooks/totp/totp';
import { answerData } from '../../lib/api/answer-data';
import { useStoredSession } from '../../lib/use-stored-session';

/** What the lookup of the user's authenticator app found. */
export type AuthenticatorLookup =
  | { readonly state: 'checking' }
  | { readonly state: 'app'; readonly appName: string }
  | { readonly state: 'none' }
  | { readonly state: 'failed' };

/**
 * Looks up the signed-in user's authenticator app once, when `enabled` (the spec's "look up the
 * authenticator option"): its name when one is registered.
 */
export function useAuthenticatorLookup(enabled: boolean): AuthenticatorLookup {
  const { username } = useStoredSession();
  const lookup = useGetTotpInfo();
  const started = useRef(false);
  const [result, setResult] = useState<AuthenticatorLookup>({ state: 'checking' });

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    lookup
      .mutateAsync({ data: { username } })
      .then((answer) => {
        const appName = answerData(answer).authAppName;
        setResult(appName ? { state: 'app', appName } : { state: 'none' });
      })
      .catch(() => setResult({ state: 'failed' }));
  }, [enabled, lookup, username]);

  return result;
}
