import type { AuthRole } from '../../generated/models/authRole';
import { Role } from '../../generated/models/role';

const ROLES: readonly string[] = Object.values(Role);
const PREFIX = 'ROLE_';

/** Whether a value is one of the contract's roles (a stored role that is not is tampering). */
export function isRole(value: string | null): value is Role {
  return value !== null && ROLES.includes(value);
}

/**
 * The stored form of a role from the sign-in answer, which may carry it with or without the
 * `ROLE_` prefix (the contract's `AuthRole`): `PLAN_ADMIN` and `ROLE_PLAN_ADMIN` both give
 * `ROLE_PLAN_ADMIN`. The one place the portal adds the prefix; null for anything else.
 */
export function normaliseRole(value: AuthRole | string | null | undefined): Role | null {
  if (typeof value !== 'string') return null;
  const prefixed = value.startsWith(PREFIX) ? value : `${PREFIX}${value}`;
  return isRole(prefixed) ? prefixed : null;
}

/** The role lowercased without its `ROLE_` prefix, as the spec's `site` key holds it. */
export function siteOf(role: Role): string {
  return role.slice(PREFIX.length).toLowerCase();
}
