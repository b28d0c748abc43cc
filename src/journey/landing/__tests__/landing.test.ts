import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installApi, jsonResponse, routeFetch } from '../../../testing/render';
import { clearNotifications } from '../../../lib/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { env } from '../../../lib/env';
import { PASSKEY_OFFER_GRACE_MS } from '../../../lib/constants';
import { getSessionState, markSignedOut } from '../../../lib/session';
import { isMfaAdoptionInProgress, readAuthCookie, readSession } from '../../../lib/session-storage';
import { seedSession } from '../../../testing/session';
import { persisted, signInOf, type Step } from '../../journey';
import {
  completeSignIn,
  continueToLanding,
  participantRedirect,
  postLoginRedirect,
  startSetupFromLink,
  type LandingDeps,
} from '../landing';

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

/** Answers these paths too, the gateway's others as before. */
function alsoAnswer(fetchMock: ReturnType<typeof installApi>, routes: Record<string, () => Response | Promise<Response>>) {
  const before = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const answer = routes[new URL(String(input)).pathname];
    return answer ? answer() : before!(input, init);
  });
}

let advance: ReturnType<typeof vi.fn<(step: Step) => void>>;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let leave: ReturnType<typeof vi.fn<(url: string) => void>>;
let end: ReturnType<typeof vi.fn<() => void>>;
const deps = (): LandingDeps & { end: () => void } => ({ advance, navigate, leave, end, queryClient: createQueryClient() });
const signIn = signInOf('ana', 'pw');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 21, 10));
  advance = vi.fn<(step: Step) => void>();
  navigate = vi.fn<(to: string) => void>();
  leave = vi.fn<(url: string) => void>();
  end = vi.fn<() => void>();
  seedSession(session);
  // The tab's session state is the module's: each test starts signed out.
  markSignedOut();
});

afterEach(() => {
  vi.useRealTimers();
  act(() => clearNotifications());
});

describe('postLoginRedirect', () => {
  it('sends the landing marker acctSetup-username to account setup, a fresh one', async () => {
    gateway({ landing: 'acctSetup-username' });
    await expect(postLoginRedirect(deps())).resolves.toBe('moved');
    expect(advance).toHaveBeenCalledWith({
      name: 'setup-username',
      setup: { username: '', password: null, email: null, saved: false, linkToken: null },
      back: null,
    });
  });

  it('sends the landing marker password to /password', async () => {
    gateway({ landing: 'password' });
    await expect(postLoginRedirect(deps())).resolves.toBe('moved');
    expect(navigate).toHaveBeenCalledWith('/password');
  });

  it('starts adoption for the mfaAdoption marker: a verified email goes to the phone', async () => {
    gateway({ landing: 'mfaAdoption', emailVerified: true });
    await postLoginRedirect(deps());
    expect(advance).toHaveBeenCalledWith({ name: 'phone-setup', purpose: 'adoption', setup: null, back: null });
    expect(isMfaAdoptionInProgress()).toBe(true);
  });

  it('starts adoption with email verification first when the email is not verified', async () => {
    gateway({ landing: 'mfaAdoption', emailVerified: false });
    await postLoginRedirect(deps());
    expect(advance).toHaveBeenCalledWith({ name: 'email-setup', back: null });
  });

  it('leaves for an allowed dashboard, saved with the landing flags, when multi-factor sign-in is active', async () => {
    gateway({ landing: '/plan-admin' });
    await expect(postLoginRedirect(deps())).resolves.toBe('moved');
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
      // The session was in force (after adoption or setup): its cookie goes too, and the tab is signed out.
      expect(readAuthCookie()).toBeNull();
      expect(getSessionState().status).toBe('signed-out');
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
    expect(advance).toHaveBeenCalledWith({ name: 'phone-setup', purpose: 'adoption', setup: null, back: null });
    expect(isMfaAdoptionInProgress()).toBe(true);
  });

  it('without a sign-in in progress offers no optional adoption: the landing address', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: null } });
    await postLoginRedirect(deps());
    expect(leave).toHaveBeenCalledWith('/participant');
  });

  it('goes to the landing address while a reminder is ahead', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: '2026-11-25' } });
    await postLoginRedirect(deps());
    expect(leave).toHaveBeenCalledWith('/participant');
  });

  it('asks every question at once: each is sent before any is answered', async () => {
    const fetchMock = gateway();
    const answer = fetchMock.getMockImplementation()!;
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      sent.push(new URL(String(input)).pathname);
      await held;
      return answer(input, init);
    });
    const done = postLoginRedirect(deps());
    await waitFor(() => expect(sent).toHaveLength(5));
    expect(sent.sort()).toEqual([
      '/login-gateway/profile/optionChoice',
      '/login-gateway/profile/optionChoice',
      '/login-gateway/skipEnrollmentSteps',
      '/login-gateway/user/7/profile/credentials',
      '/login-gateway/userLandingUrl',
    ]);
    release();
    await done;
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
    await expect(participantRedirect(deps())).resolves.toBe('moved');
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
    await completeSignIn(result, signIn, deps());
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
    await completeSignIn({ ...result, data: { ...result.data, roles: ['PLAN_ADMIN'] } }, signIn, deps());
    expect(readSession()).toMatchObject({ role: 'ROLE_PLAN_ADMIN', site: 'plan_admin' });
    const landing = fetchMock.mock.calls.map(([input]) => new URL(String(input))).find((url) => url.pathname.endsWith('/userLandingUrl'));
    expect(landing?.searchParams.get('role')).toBe('ROLE_PLAN_ADMIN');
    expect(leave).toHaveBeenCalledWith('/plan-admin');
  });

  it('sends a user with neither a phone nor an authenticator app to add a phone', async () => {
    gateway({ options: [{ type: 'email', contactInfo: 'a@b.com' }] });
    await completeSignIn(result, signIn, deps());
    expect(advance).toHaveBeenCalledWith({ name: 'phone-setup', purpose: 'sign-in', setup: null, back: null });
  });

  it('a passkey sign-in (no basic credentials): the username from the credentials, no methods asked, no optional adoption', async () => {
    const fetchMock = gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: null } });
    alsoAnswer(fetchMock, {
      '/login-gateway/user/7/profile/credentials': () => jsonResponse({ data: { userName: 'ana', isEmailVerified: true } }),
    });
    await completeSignIn({ ...result, data: { ...result.data, roles: ['ROLE_PARTICIPANT'] } }, null, deps());
    expect(readSession()).toMatchObject({ userId: '7', username: 'ana', token: 'tok-2' });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/mfa-options'))).toBe(false);
    expect(advance).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith('/participant');
  });

  describe("the passkey offer (this contract's extension)", () => {
    const platform = (available: boolean) =>
      Object.defineProperty(window, 'PublicKeyCredential', {
        configurable: true,
        value: Object.assign(function PublicKeyCredential() {}, {
          isUserVerifyingPlatformAuthenticatorAvailable: async () => available,
        }),
      });
    afterEach(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
      window.localStorage.clear();
    });
    const withPasskeys = (count: number) => {
      const fetchMock = gateway({ landing: '/participant' });
      alsoAnswer(fetchMock, {
        '/login-gateway/passkeys': () =>
          jsonResponse({
            data: {
              passkeys: Array.from({ length: count }, (_, at) => ({
                id: `pk_${at}`,
                name: 'Key',
                createdAt: '2026-11-02T14:05:00Z',
                lastUsedAt: null,
                deviceKind: null,
              })),
            },
          }),
      });
      return fetchMock;
    };

    it('offers a passkey on the way to the landing address, on a device with its own authenticator and no passkey', async () => {
      platform(true);
      withPasskeys(0);
      await completeSignIn(result, signIn, deps());
      expect(advance).toHaveBeenCalledWith({ name: 'passkey-offer', back: null });
      expect(leave).not.toHaveBeenCalled();
    });

    it('goes straight on when the user has a passkey, the device has no authenticator, or "Not now" was said here', async () => {
      platform(true);
      withPasskeys(1);
      await completeSignIn(result, signIn, deps());
      expect(leave).toHaveBeenCalledTimes(1);
      platform(false);
      const fetchMock = withPasskeys(0);
      await completeSignIn(result, signIn, deps());
      expect(fetchMock.mock.calls.some(([input]) => new URL(String(input)).pathname === '/login-gateway/passkeys')).toBe(false);
      platform(true);
      window.localStorage.setItem('passkeyOfferDeclined', '7');
      await completeSignIn(result, signIn, deps());
      expect(leave).toHaveBeenCalledTimes(3);
      expect(advance).not.toHaveBeenCalled();
    });

    it('a passkey list still out 3 s after the other answers means no offer: the user goes on', async () => {
      platform(true);
      const fetchMock = gateway({ landing: '/participant' });
      alsoAnswer(fetchMock, { '/login-gateway/passkeys': () => new Promise<Response>(() => undefined) });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const done = completeSignIn(result, signIn, deps());
        await vi.advanceTimersByTimeAsync(PASSKEY_OFFER_GRACE_MS - 1);
        expect(leave).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(1);
        await done;
      } finally {
        vi.useRealTimers();
      }
      expect(leave).toHaveBeenCalledWith('/participant');
      expect(advance).not.toHaveBeenCalled();
    });

    it('a failing passkey list means no offer, never a failed sign-in', async () => {
      platform(true);
      const fetchMock = gateway({ landing: '/participant' });
      alsoAnswer(fetchMock, { '/login-gateway/passkeys': () => jsonResponse({ errors: [{ code: 'X', description: 'down' }] }, 500) });
      await completeSignIn(result, signIn, deps());
      expect(leave).toHaveBeenCalled();
      expect(end).not.toHaveBeenCalled();
    });
  });

  it('offers optional adoption without a reminder date, holding the sign-in', async () => {
    gateway({ mfaActive: false, adoption: { mandatoryMfaAdoption: '2027-06-30', skipMfaAdoptionUntil: null } });
    await completeSignIn(result, signIn, deps());
    expect(advance).toHaveBeenCalledWith({ name: 'optional-adoption', signIn, back: null });
  });

  it('offers optional adoption when the option was never set', async () => {
    gateway({ mfaActive: false, adoption: null });
    await completeSignIn(result, signIn, deps());
    expect(advance).toHaveBeenCalledWith({ name: 'optional-adoption', signIn, back: null });
  });

  it('keeps nothing and shows the internal error when a call fails', async () => {
    const fetchMock = installApi();
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const { useNotifications } = await import('../../../lib/notifications');
    const { textOf } = await import('../../../lib/i18n/shown-text');
    const { renderHook } = await import('@testing-library/react');
    const shown = renderHook(() => useNotifications());
    await act(async () => completeSignIn(result, signIn, deps()));
    expect(readSession()).toBeNull();
    expect(end).toHaveBeenCalledOnce();
    expect(textOf(shown.result.current[0]?.title ?? '')).toBe('An internal error has occurred while processing your request');
  });

  it.each([
    ['mfa-options', '/login-gateway/public/profile/mfa-options'],
    ['userLandingUrl', '/login-gateway/userLandingUrl'],
    ['skipEnrollmentSteps', '/login-gateway/skipEnrollmentSteps'],
    ['optionChoice', '/login-gateway/profile/optionChoice'],
    ['credentials', '/login-gateway/user/7/profile/credentials'],
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
    await act(async () => completeSignIn({ ...result, data: { ...result.data, roles: ['ROLE_PARTICIPANT'] } }, signIn, deps()));
    expect(readSession()).toBeNull();
    expect(readAuthCookie()).toBe('other-tab-token');
    // What the sign-in learnt of the user's methods is not published either.
    expect(document.cookie).not.toContain('hasTotpOption');
    expect(getSessionState().status).not.toBe('signed-in');
    expect(posted).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
    // Each call is tried once: a failing gateway is not asked three times.
    const tries = fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === failing).length;
    expect(tries).toBe(failing.endsWith('optionChoice') ? 2 : 1);
  });

  it('publishes the auth cookie and marks the tab signed in only when the sign-in has gone through', async () => {
    gateway({ landing: '/plan-admin', mfaActive: true });
    leave.mockImplementation(() => {
      expect(readAuthCookie()).toBe('tok-2');
      expect(getSessionState()).toMatchObject({ status: 'signed-in', userId: '7' });
    });
    await completeSignIn(result, signIn, deps());
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
    const done = completeSignIn(result, signIn, deps());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(env.apiTimeoutMs);
      await done;
    });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(readSession()).toBeNull();
    answerLate(new Response(JSON.stringify({ data: { options: [] } }), { headers: { 'Content-Type': 'application/json' } }));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(advance).not.toHaveBeenCalled();
  });
});

describe('startSetupFromLink', () => {
  it("holds the emailed link's token in the set-up step only, never in what is stored, and begins the account set-up", () => {
    startSetupFromLink({ data: { roles: ['PLAN_ADMIN'], userId: '7', token: 'tok-3' } }, 'authrep-validated', advance);
    expect(advance).toHaveBeenCalledTimes(1);
    const [step] = advance.mock.calls[0]!;
    expect(step).toMatchObject({ name: 'setup-username', setup: { linkToken: 'authrep-validated' }, back: null });
    expect(JSON.stringify(step).split('authrep-validated')).toHaveLength(2);
    expect(JSON.stringify(persisted(step))).not.toContain('authrep-validated');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('authrep-validated');
    expect(readSession()).toMatchObject({ userId: '7', token: 'tok-3', role: 'ROLE_PLAN_ADMIN' });
  });
});
