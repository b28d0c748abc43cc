import { useRef } from 'react';
import { errorToast, TOASTS } from '../api/error-catalogue';
import { notify } from '../notifications';
import { paths } from '../paths';
import { setVerification, useJourneyState, type SignInAttempt, type VerificationData } from './journey';

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

/**
 * The sign-in in progress, for a screen behind the route guard that requires one. Should the
 * attempt end while the screen is still shown (the guard is about to take it away), the screen
 * keeps the last one rather than render without it.
 */
export function useSignInAttempt(): SignInAttempt {
  const current = useJourneyState().signIn;
  const last = useRef(current);
  if (current) last.current = current;
  if (!last.current) throw new Error('useSignInAttempt needs RequireSignInAttempt above it in the route table');
  return last.current;
}

/** The code-entry screen's data, for a screen behind the guard that requires it (as above). */
export function useVerification(): VerificationData {
  const current = useJourneyState().verification;
  const last = useRef(current);
  if (current) last.current = current;
  if (!last.current) throw new Error('useVerification needs RequireVerification above it in the route table');
  return last.current;
}
