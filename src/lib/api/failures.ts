import type { ApiError } from '../../../gateway-client/api-error';
import { NOTIFICATION_TIMEOUT_MS } from '../constants';
import type { NotificationInput } from '../notifications';
import { firstScreenTexts } from '../messages/first-screen';

/*
 * What any failed call means, whatever the screen (the spec's section 8): the session statuses,
 * the message a failure is logged with, and the internal-error notification. The codes and texts
 * of the screens are in error-catalogue.ts: the first screen needs only these.
 */

/**
 * The gateway refused the session by status (HTTP 401, 403 or 440): the API error policy signs
 * the user out, for every call that carries the session token.
 */
export function isSessionStatusRefusal(error: ApiError): boolean {
  return error.kind === 'http' && (error.status === 401 || error.status === 403 || error.status === 440);
}

/**
 * The gateway answered with an error: an HTTP error status or an errors list. Not one: no usable
 * answer at all (none, none in time, or one that breaks the contract), which is worth trying again.
 */
export function isGatewayError(error: ApiError): boolean {
  return error.kind === 'http' || error.kind === 'business';
}

/** Whether an operation is one of the log calls, whose failures are never logged. */
export function isLogOperation(operationId: string | undefined): boolean {
  return operationId === 'logParticipantActivity' || operationId === 'logPartnerActivity';
}

/** The sign-in notification for internal errors: error type, not dismissable, 5000 ms (its texts in the page's language when shown). */
export const signInInternalError: NotificationInput = {
  type: 'error',
  title: () => firstScreenTexts.internalErrorTitle,
  message: () => firstScreenTexts.internalErrorMessage,
  isDismissable: false,
  dismissOnTimeout: NOTIFICATION_TIMEOUT_MS,
  isUnique: true,
};
