import { isApiError, type ApiError } from './api-error';
import { NOTIFICATION_TIMEOUT_MS } from '../constants';
import { notify, type NotificationInput } from '../notifications';

/*
 * The spec's error catalogue (section 8): the codes and statuses screens branch on, through
 * named predicates, and the user-facing texts, in one place.
 */

/** AUERR01: the gateway does not recognise this computer and asks the security question. */
export function needsSecurityQuestion(error: ApiError): boolean {
  return error.codes.includes('AUERR01');
}

/** AUERR05: the gateway asks for a one-time code. */
export function needsMfa(error: ApiError): boolean {
  return error.codes.includes('AUERR05');
}

/** HTTP 403 or 440: the session is over; the user is signed out and sent to login. */
export function isSessionRejected(error: ApiError): boolean {
  return error.kind === 'http' && (error.status === 403 || error.status === 440);
}

/** HTTP 401: the user is sent to /login. */
export function isUnauthorized(error: ApiError): boolean {
  return error.kind === 'http' && error.status === 401;
}

/**
 * The gateway refused the session by status (HTTP 401, 403 or 440): the API error policy signs
 * the user out, for every call that carries the session token.
 */
export function isSessionStatusRefusal(error: ApiError): boolean {
  return isUnauthorized(error) || isSessionRejected(error);
}

/**
 * The gateway answered with an error: an HTTP error status or an errors list. Not one: no usable
 * answer at all (none, none in time, or one that breaks the contract), which is worth trying again.
 */
export function isGatewayError(error: ApiError): boolean {
  return error.kind === 'http' || error.kind === 'business';
}

/** VEERR01-03: the password-reset session timed out. */
export function isResetSessionTimeout(error: ApiError): boolean {
  return error.codes.some((code) => /^VEERR0[123]$/.test(code));
}

/** CVERR02 on saving account setup's credentials: the username was taken meanwhile. */
export function isUsernameTaken(error: ApiError): boolean {
  return error.codes.includes('CVERR02');
}

/** A lockout: the gateway's message mentions the attempts used up. */
export function isLockout(error: ApiError): boolean {
  return error.errors.some((item) => /attempts/i.test(item.description));
}

/**
 * The first business error's description, shown to the user as text: from a response's
 * `errors` list, or from a 4xx body. A 5xx is never described this way: it is an internal
 * error, whatever its body says.
 */
export function businessErrorDescription(error: ApiError): string | null {
  const fromGateway = error.kind === 'business' || (error.kind === 'http' && (error.status ?? 0) < 500);
  return fromGateway ? (error.errors[0]?.description ?? null) : null;
}

/**
 * The message of a failed call (section 8): a 403 carries the server's message or the HTTP
 * one; a business error its description; anything else is 'Internal Error'.
 */
export function errorMessage(error: ApiError): string {
  if (error.kind === 'http' && error.status === 403) return error.errors[0]?.description ?? 'Forbidden';
  if (error.kind === 'business') return error.errors[0]?.description ?? 'Has errors in response.';
  return 'Internal Error';
}

/** The sign-in notification for internal errors: error type, not dismissable, 5000 ms. */
export const signInInternalError: NotificationInput = {
  type: 'error',
  title: 'An internal error has occurred while processing your request',
  message: 'Please try again later, or contact customer support if the issue persists.',
  isDismissable: false,
  dismissOnTimeout: NOTIFICATION_TIMEOUT_MS,
  isUnique: true,
};

/** The profile's security pages could not look up the user's authenticator app. */
export const SECURITY_SETTINGS_NOT_LOADED = 'Your security settings could not be loaded. Please try again later.';

/** The catalogue's error toasts. */
export const TOASTS = {
  updatePhone: 'Unable to update phone',
  requestToken: 'Unable to request token. Please try again later',
  codeNotValid: 'The code is not valid, please try again',
  verifyPhone: 'Unable to verify phone',
  verifyEmail: 'Unable to verify email address',
  updateEmail: 'Unable to update email address',
  removeTotpDevice: 'Unable to remove TOTP device, please try again',
  noSecurityDevice: "We didn't find a security device registered to your account",
} as const;

/** The texts for a username that cannot be used, and for failed account-setup updates (section 8). */
export const SETUP_TEXTS = {
  usernameTaken: (alternate: string) => `Username must be unique. ${alternate} is available for use.`,
  /** A taken username without an alternative to offer. */
  usernameTakenNoAlternate: 'Username must be unique.',
  verifyUsername: 'Error verifying username, please try again.',
  updateCredentials: 'Error updating credentials. Please try again.',
  /** Shown on the field when the gateway refuses the new username too, without a description. */
  takenAgain: 'This username has been taken, please choose a new one',
} as const;

/** An error toast: not dismissable, closes after 5 seconds, and clears earlier notifications. */
export function errorToast(message: string): NotificationInput {
  return { type: 'error', message, isDismissable: false, dismissOnTimeout: NOTIFICATION_TIMEOUT_MS, isUnique: true };
}

/**
 * How a refused sign-in step reads (sign-in form, security question): the gateway's description
 * inline when it gave one, otherwise the internal-error notification.
 */
export function showSignInFailure(error: unknown, showInline: (description: string) => void): void {
  const description = isApiError(error) ? businessErrorDescription(error) : null;
  if (description) showInline(description);
  else notify(signInInternalError);
}

/**
 * The notification for a one-time code that did not go through: a code the gateway refused is
 * 'The code is not valid, please try again'; any other failure is the step's own message.
 */
export function codeFailure(error: ApiError, otherwise: NotificationInput): NotificationInput {
  return businessErrorDescription(error) ? errorToast(TOASTS.codeNotValid) : otherwise;
}

/** The gateway's refusal of an authenticator app's first code (section 8), which shows inline. */
const TOTP_CODE_NOT_VALID = 'The code is not valid, please try again.';

/** The authenticator app's first code was refused: the set-up's step 3 shows its inline text. */
export function isTotpCodeNotValid(error: ApiError): boolean {
  return error.errors.some((item) => item.description.trim() === TOTP_CODE_NOT_VALID);
}

/**
 * A failed authenticator-app registration (section 8): a message that mentions a verified device
 * is shown as it is; anything else is 'Oops, something went wrong' with 'Please try again'.
 */
export function totpRegistrationFailure(error: unknown): NotificationInput {
  const description = isApiError(error) ? businessErrorDescription(error) : null;
  if (description && /verified device/i.test(description)) return errorToast(description);
  return { ...errorToast('Please try again'), title: 'Oops, something went wrong' };
}

/**
 * A failed removal of the authenticator app (section 8): no device to remove says so (the page
 * adds the customer service number); anything else is 'Unable to remove TOTP device'.
 */
export function isNoSecurityDevice(error: ApiError): boolean {
  return error.errors.some((item) => /didn.t find a security device/i.test(item.description));
}
