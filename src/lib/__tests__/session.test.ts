import { describe, expect, it, vi } from 'vitest';
import { getSessionState, markSignedIn, onSignOut, signOut } from '../session';
import { readAuthCookie } from '../session-storage';
import { seedSession } from '../../testing/session';

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
});
