import { describe, expect, it, vi } from 'vitest';
import { getSessionState, markSignedIn, onSignOut, signOut } from '../session';
import { readAuthCookie } from '../session-storage';
import { seedSession } from '../../testing/session';
import type { installApi } from '../../testing/render';

/** The logout-page calls the fetch mock saw, each as the token it carried (null without one). */
function logoutCalls(fetchMock: ReturnType<typeof installApi>): (string | null)[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input)).pathname === '/public/logout.vm')
    .map(([, init]) => new Headers(init?.headers).get('X-Auth-Token'));
}

describe('session', () => {
  it('starts unknown, then follows validation', async () => {
    // A fresh module, as a page load has (the test files share their modules).
    vi.resetModules();
    const session = await import('../session');
    expect(session.getSessionState().status).toBe('unknown');
    session.markSignedIn('7');
    expect(session.getSessionState()).toEqual({ status: 'signed-in', userId: '7' });
    session.markSignedOut();
    expect(session.getSessionState()).toEqual({ status: 'signed-out', userId: null });
  });

  it('signs out: clears storage and the auth cookie, and tells its listeners why', () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    expect(readAuthCookie()).toBe('tok');
    const listener = vi.fn();
    onSignOut(listener);
    signOut('timeout');
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(listener).toHaveBeenCalledWith('timeout');
    expect(getSessionState().status).toBe('signed-out');
  });

  it('tells the other tabs, and follows a sign-out made in another tab', async () => {
    const otherTab = new BroadcastChannel('portal-session');
    const received = new Promise((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });
    markSignedIn('7');
    signOut('logout');
    await expect(received).resolves.toBe('signed-out');

    markSignedIn('7');
    const listener = vi.fn();
    onSignOut(listener);
    otherTab.postMessage('signed-out');
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith('elsewhere'));
    expect(getSessionState().status).toBe('signed-out');
    otherTab.close();
  });

  it("ends the gateway's session on a logout and at the idle timeout, with the token the session had; not on a refusal", async () => {
    // The API client the sign-out's call goes through is the one the mock configures: the
    // modules as they are now (a test above started them afresh), loaded before the clock of
    // waitFor runs.
    const { installApi, routeFetch } = await import('../../testing/render');
    const { signOut } = await import('../session');
    await import('../../../generated/hooks/session/session');
    await import('../../../generated/zod/session/session.zod');
    const fetchMock = installApi();
    routeFetch(fetchMock, { '/public/logout.vm': () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }) });
    seedSession({ userId: '7', username: 'ana', token: 'tok-1', role: 'ROLE_PARTICIPANT' });
    signOut('logout');
    await vi.waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1']));
    seedSession({ userId: '7', username: 'ana', token: 'tok-2', role: 'ROLE_PARTICIPANT' });
    signOut('timeout');
    await vi.waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1', 'tok-2']));
    seedSession({ userId: '7', username: 'ana', token: 'tok-3', role: 'ROLE_PARTICIPANT' });
    signOut('rejected');
    signOut('elsewhere', { broadcast: false });
    // A logout with no session left still asks the gateway to end its own (its cookie's).
    signOut('logout');
    await vi.waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1', 'tok-2', null]));
  });
});
