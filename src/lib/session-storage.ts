import type { Role } from '../../generated/models/role';
import { cookieValue, deleteCookieString, setCookieString } from './cookie-codec';
import { isRole, siteOf } from './roles';

/**
 * The only module that touches browser storage and cookies.
 *
 * Session storage holds only keys of the spec's section 3, and nothing secret beyond the session
 * token (no password, answer or code). Every key the portal uses is listed here: the session's
 * own, and those of the typed slots ({@link sessionSlot}) that the flows needing them declare
 * beside their code. Every value is parsed when read: a session value that does not parse is
 * tampering and ends the session cleanly.
 */

const SESSION_KEYS = {
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

/**
 * The keys of the typed slots the flows declare (spec section 3): a slot takes only one of these,
 * so the portal knows all its keys, and can forget them without touching other applications'.
 */
const SLOT_KEYS = [
  'mfaOptionType',
  'authAppName',
  'isTotpSetupSuccess',
  'isTotpVerified',
  'profileUpdatePhone',
  'showTotpDeviceRemovedSuccess',
  'showSuccessVerification',
  // Not the spec's: the sign-in journey's one slot (src/journey), its step without any secret.
  'journey',
] as const;

export type SlotKey = (typeof SLOT_KEYS)[number];

const AUTH_COOKIE = 'authToken';
const XSRF_COOKIE = 'XSRF-TOKEN';
const ADOPTION_COOKIE = 'mfaAdoptionInProgress';
const TOTP_COOKIE = 'hasTotpOption';
const CONSENT_COOKIE = 'cookieConsent';
const CONSENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A token must be safe to send as a header value: printable ASCII, no spaces. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/;
/**
 * The contract's `UserId` pattern (openapi/schemas/common.yaml; a test keeps the two equal). A user
 * id goes into request paths, so one with `/`, `..`, `%`, `?`, `#` or whitespace is tampering.
 * Not imported from generated/zod: that would put zod into the sign-in route's first download.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

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

function remove(key: string): void {
  storage()?.removeItem(key);
}

export interface SessionSlot<T> {
  /** The value, or null when absent; a value that does not parse is removed and reads as null. */
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

/**
 * Declares a slot: its key (one of the spec's section 3, listed in {@link SLOT_KEYS}), how a
 * stored string parses back (null: it does not), and how a value is stored.
 */
export function sessionSlot<T>(key: SlotKey, parse: (raw: string) => T | null, serialize: (value: T) => string): SessionSlot<T> {
  return {
    read() {
      const raw = read(key);
      if (raw === null) return null;
      const value = parse(raw);
      if (value === null) remove(key);
      return value;
    },
    write: (value) => write(key, serialize(value)),
    remove: () => remove(key),
  };
}

/**
 * Replaces whatever session this tab stores with a freshly signed-in one, without the auth
 * cookie: other tabs and applications watch that cookie, so it is published only once the
 * sign-in has succeeded as a whole ({@link publishAuthCookie}).
 */
export function storeSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  clearSessionStorage();
  write(SESSION_KEYS.userId, session.userId);
  write(SESSION_KEYS.username, session.username);
  write(SESSION_KEYS.token, session.token);
  write(SESSION_KEYS.role, session.role);
  write(SESSION_KEYS.site, siteOf(session.role));
  write(SESSION_KEYS.showAlerts, 'true');
}

export function publishAuthCookie(): void {
  const token = readSession()?.token;
  if (token) writeCookie(AUTH_COOKIE, token);
}

/**
 * The stored session, or null when there is none. A stored session with any value that does
 * not parse (a tampered token, an unknown role) is ended, cookies included, and reported as none.
 */
export function readSession(): StoredSession | null {
  const userId = read(SESSION_KEYS.userId);
  const token = read(SESSION_KEYS.token);
  const role = read(SESSION_KEYS.role);
  const username = read(SESSION_KEYS.username) ?? '';
  if (userId === null && token === null && role === null) return null;
  if (userId === null || !USER_ID_PATTERN.test(userId) || token === null || !TOKEN_PATTERN.test(token) || !isRole(role)) {
    clearSessionAndCookies();
    return null;
  }
  return { userId, username, token, role, site: siteOf(role), showAlerts: read(SESSION_KEYS.showAlerts) === 'true' };
}

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

export function clearSessionStorage(): void {
  storage()?.clear();
}

/**
 * Forgets the portal's own keys in session storage and the auth token (the spec's success of a
 * new password), leaving the keys of the site's other applications.
 */
export function clearPortalSession(): void {
  for (const key of [...Object.values(SESSION_KEYS), ...SLOT_KEYS]) remove(key);
  deleteCookie(AUTH_COOKIE);
}

/**
 * Forgets the session on this site: session storage, the auth cookie and the adoption markers.
 * The session itself ends through lib/session's signOut, which also tells the other tabs.
 */
export function clearSessionAndCookies(): void {
  clearSessionStorage();
  deleteCookie(AUTH_COOKIE);
  deleteCookie(ADOPTION_COOKIE);
  deleteCookie(TOTP_COOKIE);
}

/**
 * Forgets everything this site keeps in the browser's storage, local storage included (the
 * spec's Cancel on the new-password page), and the session's cookies.
 */
export function clearAllStorage(): void {
  clearSessionAndCookies();
  try {
    window.localStorage.clear();
  } catch {
    // Storage can be disabled by the browser's privacy settings.
  }
}

export function saveLanding(url: string, external: boolean): void {
  write(SESSION_KEYS.landingPageUrl, url);
  write(SESSION_KEYS.landingExt, String(external));
  write(SESSION_KEYS.landingDataExists, 'true');
}

export function readLandingUrl(): string | null {
  return read(SESSION_KEYS.landingDataExists) === 'true' ? read(SESSION_KEYS.landingPageUrl) : null;
}

export function setMfaAdoptionInProgress(inProgress: boolean): void {
  if (inProgress) {
    write(SESSION_KEYS.mfaAdoptionInProgress, 'true');
    writeCookie(ADOPTION_COOKIE, 'true');
  } else {
    remove(SESSION_KEYS.mfaAdoptionInProgress);
    deleteCookie(ADOPTION_COOKIE);
  }
}

export function isMfaAdoptionInProgress(): boolean {
  return read(SESSION_KEYS.mfaAdoptionInProgress) === 'true' || readCookie(ADOPTION_COOKIE) === 'true';
}

/** Tells the site's other applications whether the user has an authenticator app. */
export function setHasTotpOption(has: boolean): void {
  if (has) writeCookie(TOTP_COOKIE, 'true');
  else deleteCookie(TOTP_COOKIE);
}

export function hasAcceptedCookies(): boolean {
  return readCookie(CONSENT_COOKIE) === 'accepted';
}

export function acceptCookies(): void {
  writeCookie(CONSENT_COOKIE, 'accepted', CONSENT_MAX_AGE_SECONDS);
}

export function readXsrfToken(): string | null {
  return readCookie(XSRF_COOKIE);
}

function readCookie(name: string): string | null {
  return cookieValue(document.cookie, name);
}

function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = window.location.protocol === 'https:';
  document.cookie = setCookieString(name, value, maxAgeSeconds === undefined ? { secure } : { secure, maxAgeSeconds });
}

function deleteCookie(name: string): void {
  document.cookie = deleteCookieString(name, { secure: window.location.protocol === 'https:' });
}
