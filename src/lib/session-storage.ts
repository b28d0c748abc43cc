import type { Role } from '../../generated/models/role';
import { cookieValue, deleteCookieString, setCookieString } from './cookie-codec';
import { isRole, siteOf } from './roles';

/**
 * The only module that touches browser storage and cookies: the keys the portal keeps, the plain
 * reads and writes, and the session as the first screen and the guards read it, with its endings.
 * What the sign-in and the later screens write is in session-writes.ts, through the plain writes
 * here: apart, its code loads with those screens and not with the first one.
 *
 * Session storage holds only keys of the spec's section 3, and nothing secret beyond the session
 * token (no password, answer or code). Every key the portal uses is listed here: the session's
 * own, and those of the typed slots (session-writes.ts's `sessionSlot`) that the flows needing
 * them declare beside their code. Every value is parsed when read: a session value that does not
 * parse is tampering and ends the session cleanly.
 */

export const SESSION_KEYS = {
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

/** The language chosen on this device: local storage, so it outlives the session (src/lib/i18n). */
export const LANGUAGE_KEY = 'portalLanguage';

/**
 * The keys of the typed slots the flows declare (spec section 3): a slot takes only one of these,
 * so the portal knows all its keys, and can forget them without touching other applications'.
 */
export const SLOT_KEYS = [
  'mfaOptionType',
  'authAppName',
  'isTotpSetupSuccess',
  'isTotpVerified',
  'profileUpdatePhone',
  'showTotpDeviceRemovedSuccess',
  'showSuccessVerification',
  // Not the spec's: the sign-in journey's one slot (src/journey), its step without any secret.
  'journey',
  // Not the spec's, and in local storage: who said "Not now" to the passkey offer on this device.
  'passkeyOfferDeclined',
  // Not the spec's, and in local storage.
  LANGUAGE_KEY,
] as const;

export type SlotKey = (typeof SLOT_KEYS)[number];

export const AUTH_COOKIE = 'authToken';
const XSRF_COOKIE = 'XSRF-TOKEN';
export const ADOPTION_COOKIE = 'mfaAdoptionInProgress';
export const TOTP_COOKIE = 'hasTotpOption';
const CONSENT_COOKIE = 'cookieConsent';
const CONSENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function storage(area: 'session' | 'local' = 'session'): Storage | null {
  try {
    return window[`${area}Storage`];
  } catch {
    // Storage can be disabled by the browser's privacy settings.
    return null;
  }
}

/** The language chosen on this device, or null. */
export function readLanguageChoice(): string | null {
  return storage('local')?.getItem(LANGUAGE_KEY) ?? null;
}

export function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function write(key: string, value: string): void {
  storage()?.setItem(key, value);
}

export function remove(key: string): void {
  storage()?.removeItem(key);
}

function readCookie(name: string): string | null {
  return cookieValue(document.cookie, name);
}

export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = window.location.protocol === 'https:';
  document.cookie = setCookieString(name, value, maxAgeSeconds === undefined ? { secure } : { secure, maxAgeSeconds });
}

export function deleteCookie(name: string): void {
  document.cookie = deleteCookieString(name, { secure: window.location.protocol === 'https:' });
}

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
 * Whether this tab is in multi-factor adoption: its own session-storage marker. The cookie
 * written beside it tells the site's other applications; shared by every tab, it outlives a tab
 * closed mid-adoption, and must not make the next sign-in in another tab an adoption.
 */
export function isMfaAdoptionInProgress(): boolean {
  return read(SESSION_KEYS.mfaAdoptionInProgress) === 'true';
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
