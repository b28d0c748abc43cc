import { useSyncExternalStore } from 'react';
import type { MfaType } from '../../../generated/models/mfaType';
import type { ApiError } from '../api/api-error';
import { errorToast, TOASTS } from '../api/error-catalogue';
import { notify } from '../notifications';
import { paths } from '../paths';

/**
 * The spec's "verification data": what the code-entry screen (/mfa-verification) needs from the
 * flow that sends the user there. Held in memory only (it carries callbacks, and a code must
 * never reach storage); after a reload the code-entry screen has none and goes back to sign-in.
 */
export interface VerificationData {
  /** The method the code comes by, and where it was sent (shown masked). */
  readonly mfaOption: { readonly type: MfaType; readonly contactInfo?: string | null | undefined };
  /** How many methods the user could choose from: with one, the back link reads Cancel. */
  readonly mfaOptionCount: number;
  /** Checks the code; throws an ApiError when it is refused. */
  readonly submit: (code: string) => Promise<void>;
  /** Sends a new code; absent when codes come from an app. */
  readonly resend?: () => Promise<void>;
  /** Where Back (or Cancel) goes. */
  readonly backRoute: string;
  /** Code length: 6, or 2 on the phone flows (the spec's value). */
  readonly mfaLength: number;
  /** Shows a failure that is not a lockout (the screen shows lockouts under the form). */
  readonly onFailure: (error: ApiError) => void;
  readonly isSetup?: boolean;
  readonly setupStep?: number;
  readonly isExternalPage?: boolean;
}

let current: VerificationData | null = null;
const listeners = new Set<() => void>();

export function setVerificationData(data: VerificationData | null): void {
  current = data;
  for (const listener of listeners) listener();
}

export function getVerificationData(): VerificationData | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVerificationData(): VerificationData | null {
  return useSyncExternalStore(subscribe, getVerificationData, getVerificationData);
}

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
  setVerificationData(data);
  navigate(paths.mfaVerification);
  return true;
}
