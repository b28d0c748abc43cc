import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthenticate } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { businessErrorDescription, needsMfa, needsSecurityQuestion, signInInternalError } from '../../lib/api/error-catalogue';
import { holdSignInCredentials, releaseSignInCredentials } from '../../lib/api/sign-in-credentials';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { clearSessionStorage, startSession } from '../../lib/session-storage';
import type { SignInValues } from './sign-in.schema';
import { usePostLoginRedirect } from './use-post-login-redirect';

/**
 * Signs in with username and password: one request per submit, AUERR01 to the security
 * question, AUERR05 to the one-time code, any other code's description inline, anything else
 * the internal-error notification.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const redirect = usePostLoginRedirect();
  const authenticate = useAuthenticate();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second click or Enter before React re-renders the disabled button must not send again.
  const inFlight = useRef(false);

  const signIn = async ({ username, password }: SignInValues): Promise<void> => {
    holdSignInCredentials(username, password);
    let result;
    try {
      result = await authenticate.mutateAsync({ data: deviceFingerprint() });
    } catch (error) {
      if (isApiError(error) && needsSecurityQuestion(error)) return void navigate(paths.securityQuestion);
      if (isApiError(error) && needsMfa(error)) return void navigate(paths.mfa);
      releaseSignInCredentials();
      const description = isApiError(error) ? businessErrorDescription(error) : null;
      if (description) setInlineError(description);
      else notify(signInInternalError);
      return;
    }
    releaseSignInCredentials();
    const data = result.data;
    const role = data?.roles[0];
    if (!data || !role) return void notify(signInInternalError);
    startSession({ userId: data.userId, username, token: data.token, role });
    try {
      if (await redirect(role)) return;
    } catch {
      // Falls through: no landing address means no sign-in.
    }
    clearSessionStorage();
    notify(signInInternalError);
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
