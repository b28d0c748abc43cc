import { Role } from '../../generated/models/role';

/**
 * The only module that touches browser storage and cookies.
 *
 * Session storage holds exactly the keys of the spec's section 3; nothing secret beyond the
 * session token (no password, answer or code). Every value is parsed when read: a value that
 * does not parse is treated as tampering and ends the session cleanly.
 */

const KEYS = {
  userId: 'userId',
  username: 'username',
  token: 'token',
  role: 'role',
  showAlerts: 'showAlerts',
  site: 'site',
  landingPageUrl: 'landingPageUrl',
  landingExt: 'landingExt',
  landingDataExists: 'landingDataExists',
  mfaAdoptionInProgress: 'mfaAdoptionInProgress',
} as const;

const ROLES: readonly string[] = Object.values(Role);
const READ_ONLY_ROLES: readonly Role[] = [Role.ROLE_PLAN_ADVISOR, Role.ROLE_TPA];
/** A token must be safe to send as a header value: printable ASCII, no spaces. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/;
const USER_ID_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** The signed-in user as the portal keeps it between page loads. */
export interface StoredSession {
  readonly userId: string;
  readonly username: string;
  readonly token: string;
  readonly role: Role;
  /** The role lowercased without `ROLE_`, for example `participant`. */
  readonly site: string;
  readonly showAlerts: boolean;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings.
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function write(key: string, value: string): void {
  storage()?.setItem(key, value);
}

function isRole(value: string | null): value is Role {
  return value !== null && ROLES.includes(value);
}

/** The role lowercased without its `ROLE_` prefix, as the spec's `site` key holds it. */
export function siteOf(role: Role): string {
  return role.replace(/^ROLE_/, '').toLowerCase();
}

/** Whether a role may only read (advisers and third-party administrators). */
export function isReadOnlyRole(role: Role): boolean {
  return READ_ONLY_ROLES.includes(role);
}

/** Replaces whatever session is stored with a freshly signed-in one. */
export function startSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  clearSessionStorage();
  write(KEYS.userId, session.userId);
  write(KEYS.username, session.username);
  write(KEYS.token, session.token);
  write(KEYS.role, session.role);
  write(KEYS.site, siteOf(session.role));
  write(KEYS.showAlerts, 'true');
}

/**
 * The stored session, or null when there is none. A stored session with any value that does
 * not parse (a tampered token, an unknown role) is cleared and reported as none.
 */
export function readSession(): StoredSession | null {
  const userId = read(KEYS.userId);
  const token = read(KEYS.token);
  const role = read(KEYS.role);
  const username = read(KEYS.username) ?? '';
  if (userId === null && token === null && role === null) return null;
  if (
    userId === null ||
    !USER_ID_PATTERN.test(userId) ||
    token === null ||
    !TOKEN_PATTERN.test(token) ||
    !isRole(role)
  ) {
    clearSessionStorage();
    return null;
  }
  return { userId, username, token, role, site: siteOf(role), showAlerts: read(KEYS.showAlerts) === 'true' };
}

/** The session token to send as `X-Auth-Token`, when a valid one is held. */
export function readAuthToken(): string | null {
  return readSession()?.token ?? null;
}

/** Removes everything the portal keeps in session storage. */
export function clearSessionStorage(): void {
  storage()?.clear();
}

/** The value of a cookie, or null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Saves the landing address the user is sent to after sign-in. */
export function saveLanding(url: string, external: boolean): void {
  write(KEYS.landingPageUrl, url);
  write(KEYS.landingExt, String(external));
  write(KEYS.landingDataExists, 'true');
}
