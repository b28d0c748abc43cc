import { useRef } from 'react';
import { errorToast, TOASTS } from '../api/error-catalogue';
import { notify } from '../notifications';
import { paths } from '../paths';
import { setVerification, useJourneyState, type Attempt, type ResetAttempt, type SignInAttempt, type VerificationData } from './journey';

/*
 * What the journey's screens use of it. Kept apart from journey.ts, which the first screen loads,
 * so that this code arrives with the screens that need it.
 */

/**
 * Sends the first code (for every method but an authenticator app) and opens the code-entry
 * screen with this data. A code that cannot be sent shows the catalogue's toast and stays.
 * Returns whether it moved on to the code-entry screen.
 */
export async function goToCodeEntry(data: VerificationData, navigate: (to: string) => void): Promise<boolean> {
  if (data.resend) {
    try {
      await data.resend();
    } catch {
      notify(errorToast(TOASTS.requestToken));
      return false;
    }
  }
  setVerification(data);
  navigate(paths.mfaVerification);
  return true;
}

/** Keeps the last value a guard allowed, should the journey end while the screen is still shown. */
function useGuarded<T>(current: T | null, guard: string): T {
  const last = useRef(current);
  if (current !== null) last.current = current;
  if (last.current === null) throw new Error(`${guard} must be above this screen in the route table`);
  return last.current;
}

/** The sign-in in progress, for a screen behind RequireSignInAttempt. */
export function useSignInAttempt(): SignInAttempt {
  const { attempt } = useJourneyState();
  return useGuarded(attempt?.kind === 'sign-in' ? attempt : null, 'RequireSignInAttempt');
}

/** The password reset in progress, for a screen behind RequireResetQuestion. */
export function useResetAttempt(): ResetAttempt {
  const { attempt } = useJourneyState();
  return useGuarded(attempt?.kind === 'reset' ? attempt : null, 'RequireResetQuestion');
}

/** The sign-in or reset in progress, for a screen both share (the choice of code method), behind RequireAttempt. */
export function useAttempt(): Attempt {
  return useGuarded(useJourneyState().attempt, 'RequireAttempt');
}

/** The code-entry screen's data, for a screen behind RequireVerification. */
export function useVerification(): VerificationData {
  return useGuarded(useJourneyState().verification, 'RequireVerification');
}
