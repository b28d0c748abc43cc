import { type StoredSession } from '../lib/session-storage';
import { publishAuthCookie, storeSession } from '../lib/session-writes';

/** A signed-in tab, as a completed sign-in leaves it: the session stored and its auth cookie published. */
export function seedSession(session: Omit<StoredSession, 'site' | 'showAlerts'>): void {
  storeSession(session);
  publishAuthCookie();
}
