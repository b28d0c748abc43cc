import { logParticipantActivity, logPartnerActivity } from '../../generated/hooks/logging/logging';
import { APP_NAME } from './constants';
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

/** Whether an operation is one of the log calls, whose failures are never logged. */
export function isLogOperation(operationId: string | undefined): boolean {
  return operationId === 'logParticipantActivity' || operationId === 'logPartnerActivity';
}
