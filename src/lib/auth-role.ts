import type { AuthRole } from '../../generated/models/authRole';
import type { Role } from '../../generated/models/role';
import { isRole } from './roles';

const PREFIX = 'ROLE_';

/**
 * The stored form of a role from the sign-in answer, which may carry it with or without the
 * `ROLE_` prefix (the contract's `AuthRole`): `PLAN_ADMIN` and `ROLE_PLAN_ADMIN` both give
 * `ROLE_PLAN_ADMIN`. The one place the portal adds the prefix; null for anything else.
 *
 * Not in roles.ts: the first screen carries that module (session storage checks roles), and
 * only the sign-in's lazily loaded steps need this.
 */
export function normaliseRole(value: AuthRole | string | null | undefined): Role | null {
  if (typeof value !== 'string') return null;
  const prefixed = value.startsWith(PREFIX) ? value : `${PREFIX}${value}`;
  return isRole(prefixed) ? prefixed : null;
}
