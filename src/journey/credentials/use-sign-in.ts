import { useState } from 'react';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { needsMfa, needsSecurityQuestion, showSignInFailure } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { notify } from '../../lib/notifications';
import { useSingleFlight } from '../../lib/use-single-flight';
import { signInOf } from '../journey';
import { dispatch } from '../journey-store';
import { useLanding } from '../landing/use-landing';
import { useJourney } from '../use-journey';
import type { SignInValues } from './sign-in.schema';

/**
 * What a sign-in may need next, loaded while the user types (see `preload`): the screens it may
 * lead to, and the contract's checks of the answers its second wave brings.
 */
const NEXT_MODULES = [
  () => import('../../../generated/zod/sign-in/sign-in.zod'),
  () => import('../../../generated/zod/mfa/mfa.zod'),
  () => import('../../../generated/zod/profile/profile.zod'),
  () => import('../security-question/security-question-page'),
  () => import('../method-choice/mfa-page'),
  () => import('../phone-setup/phone-setup-page'),
  () => import('../email-setup/update-email-page'),
  () => import('../adoption/optional-adoption-page'),
  () => import('../require-step'),
];

/**
 * Signs in with username and password: one request per submit, AUERR01 to the security
 * question, AUERR05 to the one-time code, any other code's description inline, anything else
 * the internal-error notification.
 */
export function useSignIn() {
  const journey = useJourney();
  const landing = useLanding();
  const authenticate = useAuthenticate();
  const flight = useSingleFlight();
  const [inlineError, setInlineError] = useState<string | null>(null);

  const signIn = async ({ username, password }: SignInValues): Promise<void> => {
    const credentials = signInOf(username, password);
    // The form's credentials are the journey's first step, held for the request (memory only).
    dispatch({ type: 'advance', to: { name: 'credentials', signIn: credentials, back: null } });
    landing.preload();
    let result;
    try {
      result = await authenticate.mutateAsync({ data: deviceFingerprint() });
    } catch (error) {
      if (isApiError(error) && needsSecurityQuestion(error))
        return journey.advance({ name: 'security-question', signIn: credentials, back: null });
      if (isApiError(error) && needsMfa(error))
        return journey.advance({ name: 'method-choice', attempt: { kind: 'sign-in', signIn: credentials }, back: null });
      journey.end();
      return showSignInFailure(error, setInlineError);
    }
    try {
      await landing.completeSignIn(result, credentials);
    } catch {
      // The journey's code could not be loaded.
      journey.end();
      notify(signInInternalError);
    }
  };

  return {
    submit: (values: SignInValues) =>
      flight.run(async () => {
        setInlineError(null);
        await signIn(values);
      }),
    /**
     * Loads what a sign-in may need next while the user is still typing, so no screen's code is
     * fetched only after the gateway has answered.
     */
    preload: () => {
      landing.preload();
      for (const load of NEXT_MODULES) void load().catch(() => undefined);
    },
    inlineError,
    clearInlineError: () => setInlineError(null),
    busy: flight.busy,
  };
}
