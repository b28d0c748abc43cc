import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
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

  it('tells the other tabs which session ended, and follows a sign-out of its own session made in another tab', async () => {
    const otherTab = new BroadcastChannel('portal-session');
    const received = new Promise((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    markSignedIn('7');
    signOut('logout');
    await expect(received).resolves.toEqual({ signedOut: 'tok' });

    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    markSignedIn('7');
    // The other tab's word arrives when the machine gets to it: waited for, never timed.
    const heard = new Promise((resolve) => onSignOut(resolve));
    otherTab.postMessage({ signedOut: 'tok' });
    await expect(heard).resolves.toBe('elsewhere');
    expect(getSessionState().status).toBe('signed-out');
    otherTab.close();
  });

  it('ends only its own session: a newer one signed in since in another tab keeps the shared cookie and does not hear it', async () => {
    const otherTab = new BroadcastChannel('portal-session');
    // This tab's session, 'old'; since then the user signed in again in another tab, whose token the shared cookie holds.
    seedSession({ userId: '7', username: 'ana', token: 'old', role: 'ROLE_PARTICIPANT' });
    document.cookie = 'authToken=new; path=/';
    markSignedIn('7');
    signOut('timeout');
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBe('new');
    expect(getSessionState().status).toBe('signed-out');

    // The other way round: this tab holds the newer session; another tab ends the older one.
    seedSession({ userId: '7', username: 'ana', token: 'new', role: 'ROLE_PARTICIPANT' });
    markSignedIn('7');
    const listener = vi.fn();
    onSignOut(listener);
    // A third tab, opened after this one's channel: it hears each message after this tab has.
    const thirdTab = new BroadcastChannel('portal-session');
    const heard = new Promise((resolve) => {
      thirdTab.onmessage = (event) => resolve(event.data);
    });
    otherTab.postMessage({ signedOut: 'old' });
    await expect(heard).resolves.toEqual({ signedOut: 'old' });
    expect(listener).not.toHaveBeenCalled();
    expect(getSessionState().status).toBe('signed-in');
    expect(readAuthCookie()).toBe('new');
    const signedOut = new Promise((resolve) => onSignOut(resolve));
    otherTab.postMessage({ signedOut: 'new' });
    await expect(signedOut).resolves.toBe('elsewhere');
    expect(listener).toHaveBeenCalledWith('elsewhere');
    thirdTab.close();
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
    await waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1']));
    seedSession({ userId: '7', username: 'ana', token: 'tok-2', role: 'ROLE_PARTICIPANT' });
    signOut('timeout');
    await waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1', 'tok-2']));
    seedSession({ userId: '7', username: 'ana', token: 'tok-3', role: 'ROLE_PARTICIPANT' });
    signOut('rejected');
    signOut('elsewhere', { broadcast: false });
    // A logout with no session left still asks the gateway to end its own (its cookie's).
    signOut('logout');
    await waitFor(() => expect(logoutCalls(fetchMock)).toEqual(['tok-1', 'tok-2', null]));
  });
});
