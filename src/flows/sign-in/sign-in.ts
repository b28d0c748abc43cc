import { MutationObserver } from '@tanstack/react-query';
import { getAuthenticateMutationOptions } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../lib/api/api-error';
import { needsMfa, needsSecurityQuestion, showSignInFailure } from '../../lib/api/error-catalogue';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { beginSignIn, endJourney } from '../../lib/journey/journey';
import { completeSignIn, type JourneyDeps } from '../../lib/journey/post-sign-in';
import { paths } from '../../lib/paths';
import type { SignInValues } from './sign-in.schema';

/**
 * Signs in with username and password: AUERR01 to the security question, AUERR05 to the
 * one-time code, any other code's description inline, anything else the internal-error
 * notification. The sign-in attempt stays in the journey for the next steps.
 */
export async function signIn(
  { username, password }: SignInValues,
  deps: JourneyDeps & { readonly showInline: (description: string) => void },
): Promise<void> {
  beginSignIn(username, password);
  // The generated mutation, run as useMutation runs it: in the query client's mutation cache,
  // where the loading bar sees it.
  const authenticate = new MutationObserver(deps.queryClient, getAuthenticateMutationOptions());
  let result;
  try {
    result = await authenticate.mutate({ data: deviceFingerprint() });
  } catch (error) {
    if (isApiError(error) && needsSecurityQuestion(error)) return void deps.navigate(paths.securityQuestion);
    if (isApiError(error) && needsMfa(error)) return void deps.navigate(paths.mfa);
    endJourney();
    return showSignInFailure(error, deps.showInline);
  } finally {
    authenticate.reset();
  }
  // What follows (its own failures included: completeSignIn shows and ends them).
  await completeSignIn(result, username, deps);
}
