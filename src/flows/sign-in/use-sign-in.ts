import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { needsMfa, needsSecurityQuestion, showSignInFailure, signInInternalError } from '../../lib/api/error-catalogue';
import { beginSignIn, endJourney } from '../../lib/journey/journey';
import { useJourney } from '../../lib/journey/use-journey';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import type { SignInValues } from './sign-in.schema';

/**
 * Signs in with username and password: one request per submit, AUERR01 to the security
 * question, AUERR05 to the one-time code, any other code's description inline, anything else
 * the internal-error notification. The sign-in attempt stays in the journey for the next steps.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const journey = useJourney();
  const authenticate = useAuthenticate();
  const flight = useSingleFlight();
  const [inlineError, setInlineError] = useState<string | null>(null);

  const signIn = async ({ username, password }: SignInValues): Promise<void> => {
    beginSignIn(username, password);
    // The steps after sign-in load alongside the request, not with the first screen.
    journey.preload();
    let result;
    try {
      // Loaded with the first submit, beside the journey, rather than with the first screen.
      const { deviceFingerprint } = await import('../../lib/device-fingerprint');
      result = await authenticate.mutateAsync({ data: deviceFingerprint() });
    } catch (error) {
      if (isApiError(error) && needsSecurityQuestion(error)) return void navigate(paths.securityQuestion);
      if (isApiError(error) && needsMfa(error)) return void navigate(paths.mfa);
      endJourney();
      return showSignInFailure(error, setInlineError);
    }
    try {
      await journey.completeSignIn(result, username);
    } catch {
      // The journey's code could not be loaded.
      endJourney();
      notify(signInInternalError);
    }
  };

  const submit = (values: SignInValues) =>
    flight.run(async () => {
      setInlineError(null);
      await signIn(values);
    });

  return { submit, inlineError, clearInlineError: () => setInlineError(null), busy: flight.busy };
}
