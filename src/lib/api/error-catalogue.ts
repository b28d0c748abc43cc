import type { ApiError } from './api-error';
import type { NotificationInput } from '../notifications';

/*
 * The spec's error catalogue (section 8): the codes screens branch on, through named
 * predicates, and the user-facing texts, in one place.
 */

/** AUERR01: the gateway does not recognise this computer and asks the security question. */
export function needsSecurityQuestion(error: ApiError): boolean {
  return error.codes.includes('AUERR01');
}

/** AUERR05: the gateway asks for a one-time code. */
export function needsMfa(error: ApiError): boolean {
  return error.codes.includes('AUERR05');
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

/** The sign-in notification for internal errors: error type, not dismissable, 5000 ms. */
export const signInInternalError: NotificationInput = {
  type: 'error',
  title: 'An internal error has occurred while processing your request',
  message: 'Please try again later, or contact customer support if the issue persists.',
  isDismissable: false,
  dismissOnTimeout: 5000,
  isUnique: true,
};
