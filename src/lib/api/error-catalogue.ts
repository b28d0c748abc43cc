import { isApiError, type ApiError } from '../../../gateway-client/api-error';
import { NOTIFICATION_TIMEOUT_MS } from '../constants';
import type { ShownText } from '../i18n/shown-text';
import { notify, type NotificationInput } from '../notifications';
import { isSessionStatusRefusal, signInInternalError } from './failures';
import { errorTexts } from '../messages/errors';

/*
 * The spec's error catalogue (section 8): the codes screens branch on, through named predicates,
 * and the messages they show (their texts are in src/lib/messages/errors.ts). What any failed call means (the session statuses, the
 * internal-error notification) is in failures.ts, which the first screen carries.
 */

/** AUERR01: the gateway does not recognise this computer and asks the security question. */
export function needsSecurityQuestion(error: ApiError): boolean {
  return error.codes.includes('AUERR01');
}

/** AUERR05: the gateway asks for a one-time code. */
export function needsMfa(error: ApiError): boolean {
  return error.codes.includes('AUERR05');
}

/** VEERR01-03: the password-reset session timed out. */
export function isResetSessionTimeout(error: ApiError): boolean {
  return error.codes.some((code) => /^VEERR0[123]$/.test(code));
}

/** CVERR02 on saving account setup's credentials: the username was taken meanwhile. */
export function isUsernameTaken(error: ApiError): boolean {
  return error.codes.includes('CVERR02');
}

/**
 * HTTP 429: the gateway throttles these attempts (sign-in, security answers, one-time codes,
 * recovery lookups, resends) for a while; nothing was done.
 */
export function isRateLimited(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'http' && error.status === 429;
}

/** A 429's wait ({@link rateLimitMessage}), or null for any other failure. */
export function waitMessage(error: unknown): string | null {
  return isRateLimited(error) ? rateLimitMessage(error) : null;
}

/**
 * A 429's message with the wait its `Retry-After` gives (seconds, or an HTTP date counted from
 * `now`), rounded up to whole minutes, or in seconds under a minute: 'Too many attempts. Try
 * again in 5 minutes.' Without a usable `Retry-After`: 'Too many attempts. Try again later.'
 */
export function rateLimitMessage(error: ApiError, now = Date.now()): string {
  const value = error.retryAfter ?? '';
  // Seconds, or an HTTP date (always in GMT); Date.parse alone would take almost anything.
  const seconds = Math.max(1, Math.ceil(/^\d+$/.test(value) ? +value : / GMT$/.test(value) ? (Date.parse(value) - now) / 1000 : NaN));
  if (Number.isNaN(seconds)) return errorTexts.rateLimited;
  return seconds < 60
    ? errorTexts.rateLimitedFor({ count: seconds, unit: 'second' })
    : errorTexts.rateLimitedFor({ count: Math.ceil(seconds / 60), unit: 'minute' });
}

/** A lockout's message: the gateway's description that mentions the attempts used up, or null for any other failure. */
export function lockoutDescription(error: ApiError): string | null {
  return error.errors.find((item) => /attempts/i.test(item.description))?.description ?? null;
}

/**
 * The first business error's description, shown to the user as text: from a response's
 * `errors` list, or from a 4xx body. A 5xx is never described this way: it is an internal
 * error, whatever its body says; nor is a blank description (the contract allows one), which
 * would show nothing: the caller's own message stands in.
 */
export function businessErrorDescription(error: ApiError): string | null {
  const fromGateway = error.kind === 'business' || (error.kind === 'http' && (error.status ?? 0) < 500);
  const description = fromGateway ? error.errors[0]?.description : undefined;
  return description?.trim() ? description : null;
}

/**
 * The gateway turned the request down for what it carried: an errors list, with HTTP 200 or a
 * 4xx. Asking again gets the same answer, so a link it concerns is no good (the link pages show
 * it as expired) and a code it concerns is not valid. Not one: a 5xx, a 408 or a 429 (try again,
 * or after a wait), a session status (401, 403, 440: the session's, not the request's), an error
 * status without an errors list, or no usable answer at all.
 */
export function isRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  if (error.kind === 'business') return true;
  const status = error.status ?? 0;
  return error.kind === 'http' && status < 500 && status !== 408 && !isRateLimited(error) && !isSessionStatusRefusal(error);
}

/** What a refused attempt tells the user: a 429's wait, or the gateway's description (see above). */
export function failureDescription(error: ApiError): string | null {
  return isRateLimited(error) ? rateLimitMessage(error) : businessErrorDescription(error);
}

/** An error toast: not dismissable, closes after 5 seconds, and clears earlier notifications. */
export function errorToast(message: ShownText): NotificationInput {
  return { type: 'error', message, isDismissable: false, dismissOnTimeout: NOTIFICATION_TIMEOUT_MS, isUnique: true };
}

/**
 * How a refused sign-in step reads (sign-in form, security question, the reset's steps): the
 * wait of a 429 or the gateway's description inline (as a function that reads it, so the wait
 * follows a change of language), otherwise the internal-error notification.
 */
export function showSignInFailure(error: unknown, showInline: (description: () => string | null) => void): void {
  if (isApiError(error) && failureDescription(error) !== null) showInline(() => failureDescription(error));
  else notify(signInInternalError);
}

/**
 * The notification for a one-time code that did not go through: a code the gateway refused is
 * 'The code is not valid, please try again'; any other failure is the step's own message.
 */
export function codeFailure(error: ApiError, otherwise: NotificationInput): NotificationInput {
  return isRefusal(error) ? errorToast(() => errorTexts.codeNotValid) : otherwise;
}

/** The gateway's refusal of an authenticator app's first code (section 8), recognised by its words; the page shows its own text. */
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
  return { ...errorToast(() => errorTexts.totpRegistrationFailed), title: () => errorTexts.totpRegistrationFailedTitle };
}

/**
 * A failed removal of the authenticator app (section 8): no device to remove says so (the page
 * adds the customer service number); anything else is 'Unable to remove TOTP device'.
 */
export function isNoSecurityDevice(error: ApiError): boolean {
  return error.errors.some((item) => /didn.t find a security device/i.test(item.description));
}
