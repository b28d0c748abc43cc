import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAuthCookie } from '../../lib/session-storage';
import { seedSession } from '../../testing/session';
import type * as BrandingModule from '../../../generated/hooks/branding/branding';
import type * as SignInModule from '../../../generated/hooks/sign-in/sign-in';
import type * as JourneyStoreModule from '../../journey/journey-store';
import type * as SessionModule from '../../lib/session';
import type * as RenderModule from '../../testing/render';
import type * as ApiErrorPolicyModule from '../api-error-policy';
import type * as QueryClientModule from '../../lib/query-client';
import type * as SessionWatcherModule from '../session-watcher';
import type * as ApiClientModule from '../../../gateway-client/api-client';

/*
 * Every test starts as a freshly loaded tab: its own instances of the portal's modules, so the
 * session state (unknown until validated), the sign-out listeners and the API client's set-up
 * start over. Storage is the browser's, and stateless in its module.
 */
let getGetPublicBrandingQueryOptions: typeof BrandingModule.getGetPublicBrandingQueryOptions;
let getGetUserLandingUrlQueryOptions: typeof SignInModule.getGetUserLandingUrlQueryOptions;
let currentStep: typeof JourneyStoreModule.currentStep;
let dispatch: typeof JourneyStoreModule.dispatch;
let getSessionState: typeof SessionModule.getSessionState;
let installApi: typeof RenderModule.installApi;
let jsonResponse: typeof RenderModule.jsonResponse;
let routeFetch: typeof RenderModule.routeFetch;
let ApiErrorPolicy: typeof ApiErrorPolicyModule.ApiErrorPolicy;
let createQueryClient: typeof QueryClientModule.createQueryClient;
let SessionWatcher: typeof SessionWatcherModule.SessionWatcher;
let callsInFlight: typeof ApiClientModule.callsInFlight;

beforeEach(async () => {
  vi.resetModules();
  ({ getGetPublicBrandingQueryOptions } = await import('../../../generated/hooks/branding/branding'));
  ({ getGetUserLandingUrlQueryOptions } = await import('../../../generated/hooks/sign-in/sign-in'));
  ({ currentStep, dispatch } = await import('../../journey/journey-store'));
  ({ getSessionState } = await import('../../lib/session'));
  ({ installApi, jsonResponse, routeFetch } = await import('../../testing/render'));
  ({ ApiErrorPolicy } = await import('../api-error-policy'));
  ({ createQueryClient } = await import('../../lib/query-client'));
  ({ SessionWatcher } = await import('../session-watcher'));
  ({ callsInFlight } = await import('../../../gateway-client/api-client'));
});

/** Lets the tasks that follow run until `done` (or 50 of them have): waitFor for a test whose intervals are fake. */
async function tasksUntil(done: () => boolean) {
  await act(async () => {
    for (let task = 0; task < 50 && !done(); task += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function LandingProbe() {
  useQuery({ ...getGetUserLandingUrlQueryOptions({ role: 'ROLE_PARTICIPANT' }), retry: false });
  return null;
}

function renderApp(extra: React.ReactNode = null) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/somewhere']}>
        <SessionWatcher />
        <ApiErrorPolicy />
        {extra}
        <Routes>
          <Route path="/somewhere" element={<h1>Somewhere</h1>} />
          <Route path="/login" element={<h1>Login</h1>} />
          <Route path="/session-expired" element={<h1>Session expired</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const session = { userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionWatcher', () => {
  it('validates a stored session at start', async () => {
    seedSession(session);
    const fetchMock = installApi();
    routeFetch(fetchMock, { '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }) });
    renderApp();
    await waitFor(() => expect(getSessionState()).toEqual({ status: 'signed-in', userId: '7' }));
  });

  it.each([
    ['not validated', () => jsonResponse({ validated: false })],
    ['HTTP 401', () => jsonResponse({ errors: [] }, 401)],
    ['HTTP 403', () => jsonResponse({ errors: [] }, 403)],
    ['HTTP 440', () => jsonResponse({ errors: [] }, 440)],
  ])('ends a stored session the gateway refuses (%s) and leaves the screen for login', async (_name, answer) => {
    seedSession(session);
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': answer,
      '/login-gateway/participant/7/log': () => new Response(null, { status: 204 }),
    });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(getSessionState().status).toBe('signed-out');
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
  });

  it.each([
    ['HTTP 500', () => jsonResponse({ errors: [] }, 500)],
    ['HTTP 503', () => new Response('Service Unavailable', { status: 503 })],
    ['an HTML body sent as JSON', () => new Response('<html>oops</html>', { headers: { 'Content-Type': 'application/json' } })],
    ['truncated JSON', () => new Response('{"validated": tr', { headers: { 'Content-Type': 'application/json' } })],
    ['null', () => jsonResponse(null)],
    ['[]', () => jsonResponse([])],
    ['wrong types', () => jsonResponse({ validated: 'yes', userId: 7 })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('keeps the session and the screen when validation fails (%s), and validates again on the next poll', async (_name, answer) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    seedSession(session);
    const fetchMock = installApi();
    let calls = 0;
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => {
        calls += 1;
        return calls === 1 ? answer() : jsonResponse({ validated: true, userId: '7' });
      },
      '/login-gateway/participant/7/log': () => new Response(null, { status: 204 }),
    });
    renderApp();
    // The intervals are fake, so Testing Library's waitFor cannot poll: the first validation
    // (its client loaded first) is made, and its answer checked, within the tasks that follow.
    await tasksUntil(() => calls === 1 && callsInFlight() === 0);
    expect(calls).toBe(1);
    expect(getSessionState().status).toBe('unknown');
    expect(window.sessionStorage.getItem('token')).toBe('tok');
    expect(readAuthCookie()).toBe('tok');
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    await tasksUntil(() => getSessionState().status === 'signed-in');
    expect(getSessionState()).toEqual({ status: 'signed-in', userId: '7' });
    expect(calls).toBe(2);
    expect(screen.getByRole('heading', { name: 'Somewhere' })).toBeInTheDocument();
  });

  it('sends no validation for a session that ended while its client loaded (no token: a 401 in the console)', async () => {
    seedSession(session);
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }),
      '/login-gateway/participant/7/log': () => new Response(null, { status: 204 }),
    });
    renderApp();
    // A guard's sign-out, before the query client (a lazy import) has loaded.
    window.sessionStorage.clear();
    document.cookie = 'authToken=; max-age=0; path=/';
    await waitFor(() => expect(getSessionState().status).toBe('signed-out'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('validateSession'))).toEqual([]);
  });

  it('keeps a sign-in in progress (no token yet) untouched', async () => {
    window.sessionStorage.setItem('userName', 'ana');
    installApi();
    renderApp();
    await waitFor(() => expect(getSessionState().status).toBe('signed-out'));
    expect(window.sessionStorage.getItem('userName')).toBe('ana');
  });

  it('signs out and shows session-expired when the auth cookie disappears, and ends the journey', async () => {
    seedSession(session);
    dispatch({
      type: 'advance',
      to: {
        name: 'setup-username',
        setup: { username: 'ana', password: 'Retire#2045', email: null, saved: false, linkToken: null },
        back: null,
      },
    });
    const fetchMock = installApi();
    routeFetch(fetchMock, { '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }) });
    renderApp();
    await waitFor(() => expect(getSessionState().status).toBe('signed-in'));
    document.cookie = 'authToken=; max-age=0; path=/';
    expect(await screen.findByRole('heading', { name: 'Session expired' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
    expect(currentStep()).toBeNull();
  });

  it('validates again when the auth cookie changes', async () => {
    const fetchMock = installApi();
    let validations = 0;
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => {
        validations += 1;
        return jsonResponse({ validated: true, userId: '8' });
      },
    });
    renderApp();
    await waitFor(() => expect(getSessionState().status).toBe('signed-out'));
    document.cookie = 'authToken=from-another-app; path=/';
    await waitFor(() => expect(getSessionState()).toEqual({ status: 'signed-in', userId: '8' }));
    expect(validations).toBe(1);
    expect(readAuthCookie()).toBe('from-another-app');
  });
});

describe('ApiErrorPolicy', () => {
  it.each([403, 440])('signs out and goes to login on HTTP %i', async (status) => {
    seedSession(session);
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }),
      '/login-gateway/userLandingUrl': () => jsonResponse({ errors: [{ code: 'X', description: 'Denied' }] }, status),
      '/login-gateway/participant/7/log': () => new Response(null, { status: 204 }),
    });
    renderApp(<LandingProbe />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('goes to /login on HTTP 401 and forgets the refused token', async () => {
    seedSession(session);
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }),
      '/login-gateway/userLandingUrl': () => jsonResponse({ errors: [] }, 401),
    });
    renderApp(<LandingProbe />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(readAuthCookie()).toBeNull();
  });

  it('leaves the screen alone on HTTP 401 to a call that went out without a token, after the session ended', async () => {
    const fetchMock = installApi();
    routeFetch(fetchMock, { '/login-gateway/userLandingUrl': () => jsonResponse({ errors: [] }, 401) });
    renderApp(<LandingProbe />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('userLandingUrl'))).toBe(true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { name: 'Somewhere' })).toBeInTheDocument();
  });

  it('logs other failures through the participant log, and never a failing log call', async () => {
    seedSession(session);
    const fetchMock = installApi();
    const logged: unknown[] = [];
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }),
      '/login-gateway/userLandingUrl': () => jsonResponse({ errors: [] }, 500),
      '/login-gateway/participant/7/log': (init) => {
        logged.push(JSON.parse(String(init?.body)));
        return new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } });
      },
    });
    renderApp(<LandingProbe />);
    await waitFor(() => expect(logged).toHaveLength(1));
    expect(logged[0]).toMatchObject({ app: 'Sign In', feature: 'Internal Error', currentUserId: '7' });
    expect(String((logged[0] as { message: string }).message)).toContain('getUserLandingUrl');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(logged).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Somewhere' })).toBeInTheDocument();
  });

  it('leaves the failures of public calls to their screens', async () => {
    seedSession(session);
    const fetchMock = installApi();
    let brandingCalls = 0;
    routeFetch(fetchMock, {
      '/login-gateway/api/validateSession': () => jsonResponse({ validated: true, userId: '7' }),
      '/login-gateway/public/branding/brand': () => {
        brandingCalls += 1;
        return jsonResponse({ errors: [{ code: 'X', description: 'Denied' }] }, 403);
      },
      '/login-gateway/participant/7/log': () => new Response(null, { status: 204 }),
    });
    function BrandingProbe() {
      useQuery({ ...getGetPublicBrandingQueryOptions(), retry: false });
      return null;
    }
    renderApp(<BrandingProbe />);
    await waitFor(() => expect(brandingCalls).toBe(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { name: 'Somewhere' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('token')).toBe('tok');
  });
});
