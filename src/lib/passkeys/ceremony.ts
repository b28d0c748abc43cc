import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/*
 * The browser's half of a passkey ceremony (this contract's extension): `@simplewebauthn/browser`
 * turns the gateway's options (WebAuthn's JSON serialisation, as the contract sends them) into a
 * `navigator.credentials` call and its answer back into JSON. The library is loaded on first use,
 * never with the first screen. Only one ceremony runs at a time: starting one aborts the one
 * before (the library's abort service), so the button may take over from the autofill.
 */

import { passkeysSupported } from './support';

const library = () => import('@simplewebauthn/browser');

/** What a ceremony that did not give a credential means to the user. */
export type CeremonyFailure =
  /** Cancelled, timed out, or no passkey on this device: browsers do not tell these apart, on purpose. */
  | 'not-used'
  /** A newer ceremony took over (the button during the autofill): nothing to tell. */
  | 'aborted'
  /** The authenticator already holds a passkey of this account (registration's excluded credentials). */
  | 'exists'
  /** Anything else the browser refused (another origin, an authenticator error). */
  | 'failed';

/** Makes a passkey with the gateway's registration options; rejects with a {@link CeremonyFailure}'s cause. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON });
}

/**
 * Signs with a passkey the user picks, for the gateway's sign-in options: from the prompt, or,
 * with `autofill`, from the username field's suggestions (conditional mediation), which waits
 * until the user picks one.
 */
export async function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill: boolean,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Whether the browser can offer passkeys in the username field's autofill. */
export async function autofillSupported(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await library();
  return browserSupportsWebAuthnAutofill().catch(() => false);
}

/**
 * Whether the device has its own authenticator that verifies the user (a fingerprint, a face, a
 * PIN). The browser's own question, without the library: the sign-in asks it beside its second
 * wave of calls, where loading code would cost a round trip.
 */
export async function platformAuthenticatorAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
}

/** Stops a ceremony in progress (the autofill's, when its screen goes). */
export async function cancelCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

/** What a rejected ceremony means, or null when the error is not the browser's (a gateway call's). */
export function ceremonyFailureOf(error: unknown): CeremonyFailure | null {
  if (!(error instanceof Error)) return null;
  const code = 'code' in error ? error.code : undefined;
  if (code === 'ERROR_CEREMONY_ABORTED' || error.name === 'AbortError') return 'aborted';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError') return 'exists';
  if (error.name === 'NotAllowedError' || (error.cause instanceof Error && error.cause.name === 'NotAllowedError')) return 'not-used';
  if (typeof code === 'string' || error.name === 'SecurityError' || error.name === 'UnknownError' || error.name === 'NotSupportedError')
    return 'failed';
  return null;
}

/**
 * What the browser says of itself, for the name of a passkey made on this device
 * (device-name.ts words it): its browser and its system, null for one it does not name.
 */
export function deviceOf(userAgent: string = navigator.userAgent): { readonly browser: string | null; readonly system: string | null } {
  const browser =
    (
      [
        [/Edg\//, 'Edge'],
        [/Firefox\//, 'Firefox'],
        [/SamsungBrowser\//, 'Samsung Internet'],
        [/Chrome\/|CriOS\//, 'Chrome'],
        [/Safari\//, 'Safari'],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system =
    (
      [
        [/iPhone/, 'iPhone'],
        [/iPad/, 'iPad'],
        [/Android/, 'Android'],
        [/CrOS/, 'ChromeOS'],
        [/Windows/, 'Windows'],
        [/Mac OS X|Macintosh/, 'Mac'],
        [/Linux/, 'Linux'],
      ] as const
    ).find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
