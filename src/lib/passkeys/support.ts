/**
 * Whether this browser has WebAuthn at all: a synchronous check, for deciding what to draw. Its
 * own module, which the sign-in form carries: the ceremony's code (ceremony.ts) stays off the
 * first screen.
 */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
