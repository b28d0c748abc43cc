import type { ApiError } from './api-error';
import { NOTIFICATION_TIMEOUT_MS } from '../constants';
import type { NotificationInput } from '../notifications';

/*
 * What any failed call means, whatever the screen (the spec's section 8): the session statuses,
 * the message a failure is logged with, and the internal-error notification. The codes and texts
 * of the screens are in error-catalogue.ts: the first screen needs only these.
 */

/** HTTP 403 or 440: the session is over; the user is signed out and sent to login. */
export function isSessionRejected(error: ApiError): boolean {
  return error.kind === 'http' && (error.status === 403 || error.status === 440);
}

/** HTTP 401: the user is sent to /login. */
export function isUnauthorized(error: ApiError): boolean {
  return error.kind === 'http' && error.status === 401;
}

/**
 * The gateway answered and refused the session: HTTP 401, 403 or 440, or an errors list. Not a
 * refusal: a call that could not be made or answered properly (network, deadline, 5xx, a body
 * that breaks the contract), which says nothing about the session.
 */
export function isSessionRefusal(error: ApiError): boolean {
  return (error.kind === 'http' && (error.status === 401 || error.status === 403 || error.status === 440)) || error.kind === 'business';
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
