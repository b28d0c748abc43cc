import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { signInInternalError } from '../../lib/api/failures';
import { onFirstInteraction } from '../../lib/first-interaction';
import { useShownText } from '../../lib/i18n/shown-text';
import { notify } from '../../lib/notifications';
import { useSingleFlight } from '../../lib/use-single-flight';
import type { SignInValues } from './sign-in.schema';

/**
 * The sign-in call and its handling (./sign-in.ts), with the app's query client the journey
 * asks its later questions through: the first screen carries neither.
 */
const loadSignIn = () => Promise.all([import('./sign-in'), import('../../lib/query-client')]);
const preloadSignIn = () =>
  void loadSignIn()
    .then(([module]) => module.preloadNext())
    .catch(() => undefined);

/**
 * Signs in with username and password, one request per submit (see ./sign-in.ts). Its code, and
 * what a sign-in may need next, load with the page's first key or pointer press.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const flight = useSingleFlight();
  const [inlineError, setInlineError] = useShownText();

  useEffect(() => onFirstInteraction(preloadSignIn), []);

  const submit = (values: SignInValues) =>
    flight.run(async () => {
      setInlineError(null);
      let loaded: Awaited<ReturnType<typeof loadSignIn>>;
      try {
        loaded = await loadSignIn();
      } catch {
        // Its code could not be loaded (the network went away).
        return void notify(signInInternalError);
      }
      const [module, { appQueryClient }] = loaded;
      await module.signIn(values, { navigate, queryClient: appQueryClient, showInline: setInlineError });
    });

  return { submit, inlineError, clearInlineError: () => setInlineError(null), busy: flight.busy };
}
