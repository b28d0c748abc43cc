import { logParticipantActivity, logPartnerActivity } from '../../generated/hooks/logging/logging';
import type { ApiError } from '../../gateway-client/api-error';
import { APP_NAME } from './constants';
import { errorTexts } from './messages/errors';
import { readSession } from './session-storage';

/**
 * Writes an activity-log entry for the signed-in user: participants through the participant
 * log, everyone else through the partner log. Without a session there is no one to log for.
 * A failing log call is swallowed here and never logged itself.
 */
export async function logActivity(feature: string, message: string): Promise<void> {
  const session = readSession();
  if (!session) return;
  const entry = { app: APP_NAME, feature, currentUserId: session.userId, message: message.slice(0, 4000) };
  try {
    if (session.role === 'ROLE_PARTICIPANT') await logParticipantActivity(session.userId, entry);
    else await logPartnerActivity(session.userId, entry);
  } catch {
    // Nothing more to do: a log call's own failure is never logged.
  }
}

/**
 * The message of a failed call (section 8): a 403 carries the server's message or the HTTP
 * one; a business error its description; anything else is 'Internal Error'.
 */
export function errorMessage(error: ApiError): string {
  if (error.kind === 'http' && error.status === 403) return error.errors[0]?.description ?? errorTexts.forbidden;
  if (error.kind === 'business') return error.errors[0]?.description ?? errorTexts.hasErrors;
  return errorTexts.internalError;
}

/** Logs a failed call: its message as the entry's feature, the operation and error as its text. */
export async function logFailure(error: ApiError, operationId: string): Promise<void> {
  await logActivity(errorMessage(error), `${operationId}: ${error.message}`);
}
