import type { Role } from '../../generated/models/role';
import type { StoredSession } from './session-storage';

/**
 * The route guard's rule (spec section 5): a user id and token in session storage, a role
 * among the route's allowed roles when it names any, and no multi-factor adoption in progress.
 */
export function mayEnter(session: StoredSession | null, allowedRoles: readonly Role[] | undefined, adoptionInProgress: boolean): boolean {
  if (!session || adoptionInProgress) return false;
  return allowedRoles === undefined || allowedRoles.includes(session.role);
}
