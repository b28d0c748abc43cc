import { siteOf } from './roles';
import {
  ADOPTION_COOKIE,
  AUTH_COOKIE,
  deleteCookie,
  LANGUAGE_KEY,
  read,
  remove,
  SESSION_KEYS,
  SLOT_KEYS,
  storage,
  TOTP_COOKIE,
  write,
  writeCookie,
  clearSessionAndCookies,
  clearSessionStorage,
  readLanguageChoice,
  readSession,
  isMfaAdoptionInProgress,
  type SlotKey,
  type StoredSession,
} from './session-storage';

/*
 * What the sign-in and the later screens write to the browser's storage (the stored session,
 * the landing address, the adoption and authenticator markers, the flows' typed slots) and the
 * two clearings of the new-password page. The first screen only reads (session-storage.ts): kept
 * apart, this code loads with the screens that write.
 */

export interface SessionSlot<T> {
  /** The value, or null when absent; a value that does not parse is removed and reads as null. */
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

/**
 * Declares a slot: its key (one of the spec's section 3, listed in {@link SLOT_KEYS}), how a
 * stored string parses back (null: it does not), and how a value is stored; in session storage,
 * or in local storage for what outlives the session.
 */
export function sessionSlot<T>(
  key: SlotKey,
  parse: (raw: string) => T | null,
  serialize: (value: T) => string,
  area: 'session' | 'local' = 'session',
): SessionSlot<T> {
  return {
    read() {
      const raw = storage(area)?.getItem(key) ?? null;
      if (raw === null) return null;
      const value = parse(raw);
      if (value === null) storage(area)?.removeItem(key);
      return value;
    },
    write: (value) => storage(area)?.setItem(key, serialize(value)),
    remove: () => storage(area)?.removeItem(key),
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
  if (!token) return;
  writeCookie(AUTH_COOKIE, token);
  // The site's other applications read adoption from the cookie: it says what this new session
  // says, not what a tab closed mid-adoption left.
  setMfaAdoptionInProgress(isMfaAdoptionInProgress());
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
 * Forgets everything this site keeps in the browser's storage, local storage included (the
 * spec's Cancel on the new-password page), and the session's cookies.
 */
export function clearAllStorage(): void {
  // The language chosen on this device is the person's, not the session's: it stays.
  const language = readLanguageChoice();
  clearSessionAndCookies();
  storage('local')?.clear();
  if (language) rememberLanguage(language);
}

/** Remembers the language chosen on this device (src/lib/i18n). */
export function rememberLanguage(language: string): void {
  storage('local')?.setItem(LANGUAGE_KEY, language);
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

/** Tells the site's other applications whether the user has an authenticator app. */
export function setHasTotpOption(has: boolean): void {
  if (has) writeCookie(TOTP_COOKIE, 'true');
  else deleteCookie(TOTP_COOKIE);
}
