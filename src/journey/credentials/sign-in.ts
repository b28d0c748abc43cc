import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import { getAuthenticateMutationOptions } from '../../../generated/hooks/sign-in/sign-in';
import { isApiError } from '../../../gateway-client/api-error';
import { needsMfa, needsSecurityQuestion, showSignInFailure } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { notify } from '../../lib/notifications';
import { passkeysSupported } from '../../lib/passkeys/support';
import { signInOf } from '../journey';
import { dispatch } from '../journey-store';
import { landingMoves } from '../landing/use-landing';
import { journeyMoves } from '../use-journey';
import type { SignInValues } from './sign-in.schema';

/*
 * The sign-in call and its handling, with the journey it begins. The first screen does not
 * carry it: use-sign-in.ts loads it with the page's first key or pointer press.
 */

export interface SignInDeps {
  readonly navigate: NavigateFunction;
  readonly queryClient: QueryClient;
  readonly showInline: (description: () => string | null) => void;
}

/**
 * What a sign-in may need next, loaded while the user is still typing, so no screen's code is
 * fetched only after the gateway has answered: the screens it may lead to, and the contract's
 * checks of the answers its second wave brings.
 */
export function preloadNext(): void {
  for (const load of [
    () => import('../landing/landing'),
    () => import('../../../generated/zod/sign-in/sign-in.zod'),
    () => import('../../../generated/zod/mfa/mfa.zod'),
    () => import('../../../generated/zod/profile/profile.zod'),
    () => import('../security-question/security-question-page'),
    () => import('../method-choice/mfa-page'),
    () => import('../phone-setup/phone-setup-page'),
    () => import('../email-setup/update-email-page'),
    () => import('../adoption/optional-adoption-page'),
    () => import('../require-step'),
    // The offer of a passkey (this contract's extension), on a device that may have one.
    ...(passkeysSupported() ? [() => import('../passkey/passkey-offer-page')] : []),
  ])
    void load().catch(() => undefined);
}

/**
 * Signs in with username and password: AUERR01 to the security question, AUERR05 to the
 * method choice, any other code's description (or a 429's wait) inline, anything else the
 * internal-error notification.
 */
export async function signIn({ username, password }: SignInValues, deps: SignInDeps): Promise<void> {
  // A form filled without a key or pointer press (a password manager) preloads now, beside the call.
  preloadNext();
  const journey = journeyMoves(deps.navigate);
  const credentials = signInOf(username, password);
  // The form's credentials are the journey's first step, held for the request (memory only).
  dispatch({ type: 'advance', to: { name: 'credentials', signIn: credentials, back: null } });
  // The generated mutation, run as useMutation runs it: in the query client's mutation cache,
  // where the loading bar sees it.
  const authenticate = new MutationObserver(deps.queryClient, getAuthenticateMutationOptions());
  let result;
  try {
    result = await authenticate.mutate({ data: deviceFingerprint() });
  } catch (error) {
    if (isApiError(error) && needsSecurityQuestion(error))
      return journey.advance({ name: 'security-question', signIn: credentials, back: null });
    if (isApiError(error) && needsMfa(error))
      return journey.advance({ name: 'method-choice', attempt: { kind: 'sign-in', signIn: credentials }, back: null });
    journey.end();
    return showSignInFailure(error, deps.showInline);
  } finally {
    authenticate.reset();
  }
  try {
    await landingMoves(deps.navigate, deps.queryClient, journey).completeSignIn(result, credentials);
  } catch {
    // The journey's code could not be loaded.
    journey.end();
    notify(signInInternalError);
  }
}
