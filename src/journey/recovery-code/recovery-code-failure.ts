import { isApiError } from '../../../gateway-client/api-error';
import { businessErrorDescription, lockoutDescription, waitMessage } from '../../lib/api/error-catalogue';
import { isRecoveryCodeNotValid, recoveryCodeMessage } from '../../lib/passkeys/failures';

/**
 * How a refused recovery code reads:
 * - `inline`: under the form (RCERR01-03 in the portal's words, a 429's wait, any other
 *   description the gateway gave, a wrong password's AUERR02 among them); `keepCode` when the
 *   typed code is worth sending again (a typo to fix, a wait, a refusal of something else);
 * - `lockout`: under the form with the customer-service number, the form closed;
 * - `internal`: no usable answer (5xx, network, deadline, a broken answer): the sign-in's
 *   internal-error notification, the code kept for another try.
 */
export type RecoveryCodeFailure =
  | { readonly show: 'inline'; readonly message: string; readonly keepCode: boolean }
  | { readonly show: 'lockout'; readonly message: string }
  | { readonly show: 'internal' };

export function recoveryCodeFailure(error: unknown): RecoveryCodeFailure {
  if (!isApiError(error)) return { show: 'internal' };
  const wait = waitMessage(error);
  if (wait !== null) return { show: 'inline', message: wait, keepCode: true };
  // A 5xx is an internal error, whatever its body says (as everywhere: see businessErrorDescription).
  if (error.kind !== 'business' && !(error.kind === 'http' && (error.status ?? 500) < 500)) return { show: 'internal' };
  const lockout = lockoutDescription(error);
  if (lockout) return { show: 'lockout', message: lockout };
  // A used code (RCERR02) or none left (RCERR03) is no use typed again.
  const refused = recoveryCodeMessage(error);
  if (refused) return { show: 'inline', message: refused, keepCode: isRecoveryCodeNotValid(error) };
  const description = businessErrorDescription(error);
  return description ? { show: 'inline', message: description, keepCode: true } : { show: 'internal' };
}
