import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { businessErrorDescription, needsMfa, needsSecurityQuestion, signInInternalError } from '../../lib/api/error-catalogue';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { beginSignIn, endJourney } from '../../lib/journey/journey';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import type { SignInValues } from './sign-in.schema';

const loadJourney = () => import('../../lib/journey/post-sign-in');

/**
 * Signs in with username and password: one request per submit, AUERR01 to the security
 * question, AUERR05 to the one-time code, any other code's description inline, anything else
 * the internal-error notification. Credentials stay held (in memory) for the next steps.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authenticate = useAuthenticate();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second click or Enter before React re-renders the disabled button must not send again.
  const inFlight = useRef(false);

  const signIn = async ({ username, password }: SignInValues): Promise<void> => {
    beginSignIn(username, password);
    // The steps after sign-in load with the submit, not with the first screen.
    const journey = loadJourney();
    journey.catch(() => undefined); // Handled where it is awaited.
    let result;
    try {
      result = await authenticate.mutateAsync({ data: deviceFingerprint() });
    } catch (error) {
      if (isApiError(error) && needsSecurityQuestion(error)) return void navigate(paths.securityQuestion);
      if (isApiError(error) && needsMfa(error)) return void navigate(paths.mfa);
      endJourney();
      const description = isApiError(error) ? businessErrorDescription(error) : null;
      if (description) setInlineError(description);
      else notify(signInInternalError);
      return;
    }
    let steps;
    try {
      steps = await journey;
    } catch {
      endJourney();
      return void notify(signInInternalError);
    }
    await steps.completeSignIn(result, username, { navigate: (to, options) => void navigate(to, options), queryClient });
  };

  const submit = async (values: SignInValues): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setInlineError(null);
    try {
      await signIn(values);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { submit, inlineError, clearInlineError: () => setInlineError(null), busy };
}
