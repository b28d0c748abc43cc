import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMfaAdoptionInProgress, readAuthCookie, readSession } from '../../session-storage';
import { seedSession } from '../../../testing/session';
import type * as RenderModule from '../../../testing/render';
import type * as BrowserLocationModule from '../../browser-location';
import type * as NotificationsModule from '../../notifications';
import type * as QueryClientModule from '../../query-client';
import type * as EnvModule from '../../env';
import type * as SessionModule from '../../session';
import type * as PostSignInModule from '../post-sign-in';
import type * as JourneyModule from '../journey';

/*
 * Every test starts as a freshly loaded tab: its own instances of the portal's modules, so the
 * session state, the journey and the API client's set-up start over. Storage is the browser's,
 * and stateless in its module.
 */
let installApi: typeof RenderModule.installApi;
let jsonResponse: typeof RenderModule.jsonResponse;
let routeFetch: typeof RenderModule.routeFetch;
let location: typeof BrowserLocationModule;
let clearNotifications: typeof NotificationsModule.clearNotifications;
let createQueryClient: typeof QueryClientModule.createQueryClient;
let env: typeof EnvModule.env;
let getSessionState: typeof SessionModule.getSessionState;
let completeSignIn: typeof PostSignInModule.completeSignIn;
let continueToLanding: typeof PostSignInModule.continueToLanding;
let participantRedirect: typeof PostSignInModule.participantRedirect;
let postLoginRedirect: typeof PostSignInModule.postLoginRedirect;
let currentJourney: typeof JourneyModule.currentJourney;

beforeEach(async () => {
  vi.resetModules();
  ({ installApi, jsonResponse, routeFetch } = await import('../../../testing/render'));
  location = await import('../../browser-location');
  ({ clearNotifications } = await import('../../notifications'));
  ({ createQueryClient } = await import('../../query-client'));
  ({ env } = await import('../../env'));
  ({ getSessionState } = await import('../../session'));
  ({ completeSignIn, continueToLanding, participantRedirect, postLoginRedirect } = await import('../post-sign-in'));
  ({ currentJourney } = await import('../journey'));
});

const session = { userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' } as const;

interface Answers {
  landing?: string;
  skip?: boolean;
  mfaActive?: boolean;
  adoption?: { mandatoryMfaAdoption?: string | null; skipMfaAdoptionUntil?: string | null } | null;
  emailVerified?: boolean;
  options?: { type: string; contactInfo?: string }[];
}

function gateway(answers: Answers = {}) {
  const fetchMock = installApi();
  routeFetch(fetchMock, {
    '/login-gateway/userLandingUrl': () => jsonResponse({ data: { url: answers.landing ?? '/participant', externalUrl: false } }),
    '/login-gateway/skipEnrollmentSteps': () => jsonResponse({ data: { skipEnrollmentSteps: answers.skip ?? true } }),
    '/login-gateway/user/7/profile/credentials': () => jsonResponse({ data: { isEmailVerified: answers.emailVerified ?? true } }),
    '/login-gateway/public/profile/mfa-options': () =>
      jsonResponse({ data: { options: answers.options ?? [{ type: 'sms', contactInfo: '5555551234' }] } }),
  });
  // The option choices answer by their `type` query parameter.
  const byPath = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname !== '/login-gateway/profile/optionChoice') return byPath!(input, init);
    if (url.searchParams.get('type') === '190') {
      const active = answers.mfaActive ?? true;
      return jsonResponse({ data: { optionType: 190, active, optionValues: { isActive: active } } });
    }
    return jsonResponse({
      data: answers.adoption === null ? null : { optionType: 9930, active: true, optionValues: answers.adoption ?? {} },
    });
  });
  return fetchMock;
}

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let leave: ReturnType<typeof vi.fn<(url: string) => void>>;
const deps = () => ({ navigate, queryClient: createQueryClient() });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 21, 10));
  navigate = vi.fn<(to: string) => void>();
  leave = vi.fn<(url: string) => void>();
  vi.spyOn(location, 'leavePortal').mockImplementation(leave);
  seedSession(session);
});

afterEach(() => {
  vi.useRealTimers();
  act(() => clearNotifications());
});

describe('postLoginRedirect', () => {
  it.each([
    ['acctSetup-username', '/account-setup'],
    ['password', '/password'],
  ])('sends the landing marker %s to %s', async (landing, route) => {
    gateway({ landing });
    await expect(postLoginRedirect(deps())).resolves.toBe('screen');
    expect(navigate).toHaveBeenCalledWith(route);
  });

  it('starts adoption for the mfaAdoption marker: a verified email goes to the phone', async () => {
    gateway({ landing: 'mfaAdoption', emailVerified: true });
    await postLoginRedirect(deps());
    expect(navigate).toHaveBeenCalledWith('/update-phone');
    expect(isMfaAdoptionInProgress()).toBe(true);
    expect(currentJourney().phoneBackRoute).toBe('/');
  });

  it('starts adoption with email verification first when the email is not verified', async () => {
    gateway({ landing: 'mfaAdoption', emailVerified: false });
    await postLoginRedirect(deps());
    expect(navigate).toHaveBeenCalledWith('/update-email');
  });

  it('leaves for an allowed dashboard, saved with the landing flags, when multi-factor sign-in is active', async () => {
    gateway({ landing: '/plan-admin' });
    await expect(postLoginRedirect(deps())).resolves.toBe('left');
    expect(leave).toHaveBeenCalledWith('/plan-admin');
    expect(window.sessionStorage.getItem('landingPageUrl')).toBe('/plan-admin');
    expect(window.sessionStorage.getItem('landingExt')).toBe('false');
    expect(window.sessionStorage.getItem('landingDataExists')).toBe('true');
  });

  it.each(['https://evil.example/#/participant', '//evil.example', '/\\evil.example', '/participant/../admin'])(
    'never follows %s and ends the session',
    async (landing) => {
      gateway({ landing });
      await expect(postLoginRedirect(deps())).resolves.toBe('refused');
      expect(leave).not.toHaveBeenCalled();
      expect(readSession()).toBeNull();
    },
  );

  it('sends a participant who has not enrolled to enrollment', async () => {
    gateway({ skip: false });
    await postLoginRedirect(deps());
    expect(leave).toHaveBeenCalledWith('/participant#/participant-enrollment');
  });

  it('forces adoption when the mandatory date is today', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2026-11-21', skipMfaAdoptionUntil: '2026-12-31' } });
    await postLoginRedirect(deps());
    expect(navigate).toHaveBeenCalledWith('/update-phone');
    expect(isMfaAdoptionInProgress()).toBe(true);
  });

  it('offers optional adoption without a reminder date', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: null } });
    await postLoginRedirect(deps());
    expect(navigate).toHaveBeenCalledWith('/optional-adoption');
  });

  it('offers optional adoption when the option was never set', async () => {
    gateway({ mfaActive: false, adoption: null });
    await postLoginRedirect(deps());
    expect(navigate).toHaveBeenCalledWith('/optional-adoption');
  });

  it('goes to the landing address while a reminder is ahead', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: '2026-11-25' } });
    await postLoginRedirect(deps());
    expect(leave).toHaveBeenCalledWith('/participant');
  });
});

describe('continueToLanding', () => {
  it('leaves for the saved landing address', async () => {
    gateway();
    window.sessionStorage.setItem('landingPageUrl', '/advisor');
    window.sessionStorage.setItem('landingDataExists', 'true');
    await continueToLanding(deps());
    expect(leave).toHaveBeenCalledWith('/advisor');
  });

  it('never follows a tampered saved address: it asks the gateway again', async () => {
    gateway();
    window.sessionStorage.setItem('landingPageUrl', 'https://evil.example/');
    window.sessionStorage.setItem('landingDataExists', 'true');
    await continueToLanding(deps());
    expect(leave).toHaveBeenCalledWith('/participant');
  });
});

describe('participantRedirect (after account setup)', () => {
  it('leaves for the participant dashboard of this environment, asking for no landing address', async () => {
    const fetchMock = gateway({ landing: '/plan-admin' });
    await expect(participantRedirect(deps())).resolves.toBe('left');
    expect(leave).toHaveBeenCalledWith(`${env.envPathPrefix}/participant`);
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual(['/login-gateway/skipEnrollmentSteps']);
  });

  it('leaves for enrollment while enrollment steps remain', async () => {
    gateway({ skip: false });
    await participantRedirect(deps());
    expect(leave).toHaveBeenCalledWith(`${env.envPathPrefix}/participant#/participant-enrollment`);
  });

  it('refuses without a session', async () => {
    gateway();
    window.sessionStorage.clear();
    await expect(participantRedirect(deps())).resolves.toBe('refused');
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('completeSignIn', () => {
  const result = { data: { roles: ['ROLE_PLAN_ADMIN' as const], userId: '7', token: 'tok-2' }, errors: [] };

  it('stores the session afresh and redirects', async () => {
    window.sessionStorage.setItem('leftover', 'x');
    gateway({ landing: '/plan-admin', options: [{ type: 'totp', contactInfo: 'App' }] });
    await completeSignIn(result, 'ana', deps());
    expect(readSession()).toMatchObject({
      userId: '7',
      username: 'ana',
      token: 'tok-2',
      role: 'ROLE_PLAN_ADMIN',
      site: 'plan_admin',
      showAlerts: true,
    });
    expect(window.sessionStorage.getItem('leftover')).toBeNull();
    expect(document.cookie).toContain('hasTotpOption=true');
    expect(leave).toHaveBeenCalledWith('/plan-admin');
  });

  it('stores a role the gateway sent without its ROLE_ prefix with the prefix, and asks for the landing address with it', async () => {
    const fetchMock = gateway({ landing: '/plan-admin', mfaActive: true });
    await completeSignIn({ ...result, data: { ...result.data, roles: ['PLAN_ADMIN'] } }, 'ana', deps());
    expect(readSession()).toMatchObject({ role: 'ROLE_PLAN_ADMIN', site: 'plan_admin' });
    const landing = fetchMock.mock.calls.map(([input]) => new URL(String(input))).find((url) => url.pathname.endsWith('/userLandingUrl'));
    expect(landing?.searchParams.get('role')).toBe('ROLE_PLAN_ADMIN');
    expect(leave).toHaveBeenCalledWith('/plan-admin');
  });

  it('sends a user with neither a phone nor an authenticator app to add a phone', async () => {
    gateway({ options: [{ type: 'email', contactInfo: 'a@b.com' }] });
    await completeSignIn(result, 'ana', deps());
    expect(navigate).toHaveBeenCalledWith('/update-phone', undefined);
    expect(currentJourney().phoneBackRoute).toBeNull();
  });

  it('keeps nothing and shows the internal error when a call fails', async () => {
    const fetchMock = installApi();
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const { useNotifications } = await import('../../notifications');
    const { renderHook } = await import('@testing-library/react');
    const shown = renderHook(() => useNotifications(undefined));
    await act(async () => completeSignIn(result, 'ana', deps()));
    expect(readSession()).toBeNull();
    expect(shown.result.current[0]?.title).toBe('An internal error has occurred while processing your request');
  });

  it.each([
    ['userLandingUrl', '/login-gateway/userLandingUrl'],
    ['skipEnrollmentSteps', '/login-gateway/skipEnrollmentSteps'],
    ['optionChoice', '/login-gateway/profile/optionChoice'],
  ])('a failing %s publishes no session: no auth cookie, no sign-in, no word to other tabs, back to the form', async (_name, failing) => {
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    // A user with an authenticator app: the hasTotpOption cookie would say so.
    const fetchMock = gateway({ landing: '/participant', mfaActive: true, options: [{ type: 'totp', contactInfo: 'App' }] });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input)).pathname === failing ? new Response('down', { status: 503 }) : answer(input, init),
    );
    document.cookie = 'authToken=other-tab-token; path=/';
    document.cookie = 'hasTotpOption=; path=/; max-age=0';
    await act(async () => completeSignIn({ ...result, data: { ...result.data, roles: ['ROLE_PARTICIPANT'] } }, 'ana', deps()));
    expect(readSession()).toBeNull();
    expect(readAuthCookie()).toBe('other-tab-token');
    // What the sign-in learnt of the user's methods is not published either.
    expect(document.cookie).not.toContain('hasTotpOption');
    expect(getSessionState().status).not.toBe('signed-in');
    expect(posted).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    // Each call is tried once: a failing gateway is not asked three times.
    expect(fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === failing)).toHaveLength(1);
  });

  it('publishes the auth cookie and marks the tab signed in only when the sign-in has gone through', async () => {
    gateway({ landing: '/plan-admin', mfaActive: true });
    leave.mockImplementation(() => {
      expect(readAuthCookie()).toBe('tok-2');
      expect(getSessionState()).toMatchObject({ status: 'signed-in', userId: '7' });
    });
    await completeSignIn(result, 'ana', deps());
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('gives up at the deadline of one call for the whole step, and a late answer moves nobody', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 10, 21, 10));
    const fetchMock = installApi();
    let answerLate: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(
      (input) =>
        new Promise<Response>((resolve) => {
          if (new URL(String(input)).pathname === '/login-gateway/public/profile/mfa-options') answerLate = resolve;
        }),
    );
    const done = completeSignIn(result, 'ana', deps());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(env.apiTimeoutMs);
      await done;
    });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(readSession()).toBeNull();
    answerLate(new Response(JSON.stringify({ data: { options: [] } }), { headers: { 'Content-Type': 'application/json' } }));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
