import { Role } from '../../generated/models/role';

const ROLES: readonly string[] = Object.values(Role);

/** Whether a value is one of the contract's roles (a stored role that is not is tampering). */
export function isRole(value: string | null): value is Role {
  return value !== null && ROLES.includes(value);
}

/** The role lowercased without its `ROLE_` prefix, as the spec's `site` key holds it. */
export function siteOf(role: Role): string {
  return role.replace(/^ROLE_/, '').toLowerCase();
}
