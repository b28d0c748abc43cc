import type { MfaType } from '../../generated/models/mfaType';
import { Role } from '../../generated/models/role';

/**
 * The only module that touches browser storage and cookies.
 *
 * Session storage holds exactly the keys of the spec's section 3; nothing secret beyond the
 * session token (no password, answer or code). Every value is parsed when read: a core value
 * that does not parse is treated as tampering and ends the session cleanly.
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
  mfaOptionType: 'mfaOptionType',
  showTotpDeviceRemovedSuccess: 'showTotpDeviceRemovedSuccess',
  showSuccessVerification: 'showSuccessVerification',
  isTotpSetupSuccess: 'isTotpSetupSuccess',
  userName: 'userName',
} as const;

/** The cookie holding the session token, shared with the other applications of the site. */
export const AUTH_COOKIE = 'authToken';
const XSRF_COOKIE = 'XSRF-TOKEN';
const ADOPTION_COOKIE = 'mfaAdoptionInProgress';
const TOTP_COOKIE = 'hasTotpOption';
const CONSENT_COOKIE = 'cookieConsent';
/** The cookie banner's accept cookie lasts 30 days. */
const CONSENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const ROLES: readonly string[] = Object.values(Role);
const MFA_TYPES: readonly string[] = ['sms', 'call', 'email', 'totp'] satisfies MfaType[];
const READ_ONLY_ROLES: readonly Role[] = [Role.ROLE_PLAN_ADVISOR, Role.ROLE_TPA];
/** A token must be safe to send as a header value: printable ASCII, no spaces. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/;
/**
 * The contract's `UserId` pattern (openapi/schemas/common.yaml; a test keeps the two equal). A user
 * id goes into request paths, so one with `/`, `..`, `%`, `?`, `#` or whitespace is tampering.
 * Not imported from generated/zod: that would put zod into the sign-in route's first download.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

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

/** The one-time-code method the user chose, kept across the code-entry screens. */
export interface StoredMfaOption {
  readonly type: MfaType;
  readonly authAppName?: string;
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

function remove(key: string): void {
  storage()?.removeItem(key);
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

/**
 * Replaces whatever session this tab stores with a freshly signed-in one, without the auth
 * cookie: other tabs and applications watch that cookie, so it is published only once the
 * sign-in has succeeded as a whole ({@link publishAuthCookie}).
 */
export function storeSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  clearSessionStorage();
  write(KEYS.userId, session.userId);
  write(KEYS.username, session.username);
  write(KEYS.token, session.token);
  write(KEYS.role, session.role);
  write(KEYS.site, siteOf(session.role));
  write(KEYS.showAlerts, 'true');
}

/** Shares the stored session's token with the other tabs and applications through the auth cookie. */
export function publishAuthCookie(): void {
  const token = readSession()?.token;
  if (token) writeCookie(AUTH_COOKIE, token);
}

/** Stores a signed-in session and publishes its auth cookie at once. */
export function startSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  storeSession(session);
  publishAuthCookie();
}

/**
 * The stored session, or null when there is none. A stored session with any value that does
 * not parse (a user id outside the contract's pattern, a tampered token, an unknown role) is
 * ended, cookies included, and reported as none.
 */
export function readSession(): StoredSession | null {
  const userId = read(KEYS.userId);
  const token = read(KEYS.token);
  const role = read(KEYS.role);
  const username = read(KEYS.username) ?? '';
  if (userId === null && token === null && role === null) return null;
  if (userId === null || !USER_ID_PATTERN.test(userId) || token === null || !TOKEN_PATTERN.test(token) || !isRole(role)) {
    endSession();
    return null;
  }
  return { userId, username, token, role, site: siteOf(role), showAlerts: read(KEYS.showAlerts) === 'true' };
}

/** The session token to send as `X-Auth-Token`: the stored one, else the auth cookie's. */
export function readAuthToken(): string | null {
  const stored = readSession()?.token ?? null;
  if (stored) return stored;
  const cookie = readCookie(AUTH_COOKIE);
  return cookie !== null && TOKEN_PATTERN.test(cookie) ? cookie : null;
}

/** The auth cookie's current value, to notice when another tab or application changes it. */
export function readAuthCookie(): string | null {
  return readCookie(AUTH_COOKIE);
}

/** Removes everything the portal keeps in session storage. */
export function clearSessionStorage(): void {
  storage()?.clear();
}

/** Ends the session on this site: session storage, the auth cookie and the adoption markers. */
export function endSession(): void {
  clearSessionStorage();
  deleteCookie(AUTH_COOKIE);
  deleteCookie(ADOPTION_COOKIE);
  deleteCookie(TOTP_COOKIE);
}

/** Saves the landing address the user is sent to after sign-in. */
export function saveLanding(url: string, external: boolean): void {
  write(KEYS.landingPageUrl, url);
  write(KEYS.landingExt, String(external));
  write(KEYS.landingDataExists, 'true');
}

/** The landing address saved at sign-in, when there is one. */
export function readLandingUrl(): string | null {
  return read(KEYS.landingDataExists) === 'true' ? read(KEYS.landingPageUrl) : null;
}

/** Marks (or clears) multi-factor adoption in progress, in session storage and its cookie. */
export function setMfaAdoptionInProgress(inProgress: boolean): void {
  if (inProgress) {
    write(KEYS.mfaAdoptionInProgress, 'true');
    writeCookie(ADOPTION_COOKIE, 'true');
  } else {
    remove(KEYS.mfaAdoptionInProgress);
    deleteCookie(ADOPTION_COOKIE);
  }
}

export function isMfaAdoptionInProgress(): boolean {
  return read(KEYS.mfaAdoptionInProgress) === 'true' || readCookie(ADOPTION_COOKIE) === 'true';
}

export function setHasTotpOption(has: boolean): void {
  if (has) writeCookie(TOTP_COOKIE, 'true');
  else deleteCookie(TOTP_COOKIE);
}

export function hasTotpOption(): boolean {
  return readCookie(TOTP_COOKIE) === 'true';
}

export function saveMfaOptionType(option: StoredMfaOption): void {
  write(KEYS.mfaOptionType, JSON.stringify(option));
}

/** The chosen one-time-code method, or null (a value that does not parse is dropped). */
export function readMfaOptionType(): StoredMfaOption | null {
  const raw = read(KEYS.mfaOptionType);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' && MFA_TYPES.includes(value.type)) {
      const name = 'authAppName' in value && typeof value.authAppName === 'string' ? value.authAppName.slice(0, 25) : undefined;
      return name === undefined ? { type: value.type as MfaType } : { type: value.type as MfaType, authAppName: name };
    }
  } catch {
    // Falls through: garbage is dropped.
  }
  remove(KEYS.mfaOptionType);
  return null;
}

type OneShotFlag = 'showTotpDeviceRemovedSuccess' | 'showSuccessVerification';

/** Leaves a message for the next screen (shown once). */
export function setFlag(flag: OneShotFlag): void {
  write(KEYS[flag], 'true');
}

/** Whether a message was left for this screen; reading it removes it. */
export function takeFlag(flag: OneShotFlag): boolean {
  const set = read(KEYS[flag]) === 'true';
  remove(KEYS[flag]);
  return set;
}

export function setTotpSetupSuccess(success: boolean): void {
  write(KEYS.isTotpSetupSuccess, String(success));
}

/** The authenticator-app setup outcome left for the next screen, or null; reading removes it. */
export function takeTotpSetupSuccess(): boolean | null {
  const raw = read(KEYS.isTotpSetupSuccess);
  remove(KEYS.isTotpSetupSuccess);
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

/** The username the password-reset flow is for. */
export function saveResetUsername(username: string): void {
  write(KEYS.userName, username.slice(0, 64));
}

export function readResetUsername(): string | null {
  return read(KEYS.userName);
}

export function hasAcceptedCookies(): boolean {
  return readCookie(CONSENT_COOKIE) === 'accepted';
}

export function acceptCookies(): void {
  writeCookie(CONSENT_COOKIE, 'accepted', CONSENT_MAX_AGE_SECONDS);
}

/** The anti-forgery token the gateway set, for `X-XSRF-TOKEN`. */
export function readXsrfToken(): string | null {
  return readCookie(XSRF_COOKIE);
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

function cookieAttributes(): string {
  return `; path=/; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;
}

function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes()}${maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=${cookieAttributes()}; max-age=0`;
}
