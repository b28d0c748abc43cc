import { publishAuthCookie, storeSession, type StoredSession } from '../lib/session-storage';

/** A signed-in tab, as a completed sign-in leaves it: the session stored and its auth cookie published. */
export function seedSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  storeSession(session);
  publishAuthCookie();
}
