import { clearSessionAndCookies, clearSessionStorage, readAuthCookie, readAuthToken } from './session-storage';
import { createStore } from './store';

/**
 * Whether this tab is signed in, as the gateway last confirmed it, and the one way to sign
 * out. A sign-out in one tab reaches the others at once through a BroadcastChannel (and, as a
 * fallback, through the shared auth cookie, which every tab polls). A sign-out ends one session,
 * the one with its token: a tab holding another (the user signed in again in another tab, whose
 * token the shared cookie now holds) neither hears it nor loses that cookie.
 */

export type SignOutReason =
  /** The user chose to log out. */
  | 'logout'
  /** The idle countdown reached zero. */
  | 'timeout'
  /** The gateway refused the session (HTTP 401, 403 or 440), or validation failed. */
  | 'rejected'
  /** Another tab or application ended the session. */
  | 'elsewhere';

export interface SessionState {
  readonly status: 'unknown' | 'signed-in' | 'signed-out';
  readonly userId: string | null;
}

type SignOutListener = (reason: SignOutReason) => void;

const CHANNEL_NAME = 'portal-session';
const store = createStore<SessionState>({ status: 'unknown', userId: null });
const signOutListeners = new Set<SignOutListener>();
let channel: BroadcastChannel | null = null;

/** What a tab tells the others as it signs out: the session it ended, by its token. */
interface SignOutMessage {
  readonly signedOut: string;
}

function isSignOutMessage(data: unknown): data is SignOutMessage {
  return typeof data === 'object' && data !== null && typeof (data as { signedOut?: unknown }).signedOut === 'string';
}

function publish(next: SessionState): void {
  const state = store.get();
  if (next.status !== state.status || next.userId !== state.userId) store.set(next);
}

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const ended = isSignOutMessage(event.data) ? event.data.signedOut : null;
    if (ended !== null && ended === readAuthToken() && store.get().status !== 'signed-out') signOut('elsewhere', { broadcast: false });
  };
  return channel;
}

/** Records that the gateway confirmed the session. */
export function markSignedIn(userId: string): void {
  openChannel();
  publish({ status: 'signed-in', userId });
}

/** Records that there is no session, without a sign-out (nothing to end). */
export function markSignedOut(): void {
  openChannel();
  publish({ status: 'signed-out', userId: null });
}

/**
 * Ends the session: clears storage and cookies, tells the other tabs, and lets the app react
 * (for example by going to the session-expired page). Safe to call more than once.
 */
export function signOut(reason: SignOutReason, { broadcast = true }: { broadcast?: boolean } = {}): void {
  const token = readAuthToken();
  const cookie = readAuthCookie();
  // The shared cookie (and the markers beside it) go with this session only, not with another
  // session signed in since in another tab.
  if (cookie === null || cookie === token) clearSessionAndCookies();
  else clearSessionStorage();
  if (reason === 'logout' || reason === 'timeout') endGatewaySession(token);
  if (broadcast && token !== null) openChannel()?.postMessage({ signedOut: token } satisfies SignOutMessage);
  publish({ status: 'signed-out', userId: null });
  for (const listener of signOutListeners) listener(reason);
}

/**
 * A sign-out the portal chooses (a logout, the idle countdown at zero) ends the session on the
 * gateway too, through its logout page, with the token the session had: what is cleared here no
 * longer goes with the call. The gateway's refusal and another tab's sign-out need no call. The
 * page's HTML is not read, and a failure changes nothing here: the user is signed out anyway.
 */
function endGatewaySession(token: string | null): void {
  void import('../../generated/hooks/session/session')
    .then(({ getLogoutPage }) => getLogoutPage(token === null ? {} : { headers: { 'X-Auth-Token': token } }))
    .catch(() => undefined);
}

/** Calls the listener on every sign-out, with its reason; returns the unsubscribe. */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

export const getSessionState = store.get;
export const useSessionState = store.use;
