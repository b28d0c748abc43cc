// @vitest-environment node
// Who may call what, as the mock keeps it (the contract's x-access, x-rate-limit and
// x-same-answer): run for real on free ports, with the mock's clock in the test's hands.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../mock.mjs';
import { freePort } from '../nginx.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const operations = Object.values(bundle.paths).flatMap((item) => Object.values(item).filter((operation) => operation.operationId));
const byId = Object.fromEntries(operations.map((operation) => [operation.operationId, operation]));

let mock;
let base;
let clock = Date.parse('2026-11-21T12:00:00Z');

beforeAll(async () => {
  const port = await freePort();
  mock = await startMock({ port, prismPort: await freePort(), now: () => clock });
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(() => mock?.stop());

beforeEach(async () => {
  expect((await fetch(`${base}/__mock/limits/reset`, { method: 'POST' })).status).toBe(204);
});

const basic = (user, password = 'Secret#123') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function call(method, path, { headers = {}, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
}

const signIn = async (user) => {
  const answer = await call('POST', '/login-gateway/authentication', { headers: { Authorization: basic(user) }, body: 'f1ngerpr1nt' });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const as = (token) => ({ headers: { 'X-Auth-Token': token } });
const refused = (answer) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ errors: [{ code: expect.any(String), description: expect.any(String) }] });
};

describe('a call that is not public needs a live session', () => {
  it('no token, a made-up token and the example token: 401, never data', async () => {
    refused(await call('GET', '/login-gateway/credentials'));
    refused(await call('GET', '/login-gateway/credentials', as('made-up-token')));
    // The token of the contract's sign-in example: documented, never minted.
    refused(await call('GET', '/login-gateway/credentials', as('3f1c0a7e-5b2d-4e8a-9c61-2d7f0b4e8a13')));
    refused(await call('GET', '/login-gateway/api/validateSession', as('made-up-token')));
  });

  it('a signed-out token: 401, while another session of the same user goes on', async () => {
    const first = await signIn('demo');
    const second = await signIn('demo');
    expect((await call('GET', '/login-gateway/credentials', as(first.token))).status).toBe(200);
    expect((await call('POST', '/login-gateway/logout', as(first.token))).status).toBe(200);
    refused(await call('GET', '/login-gateway/credentials', as(first.token)));
    expect((await call('GET', '/login-gateway/credentials', as(second.token))).status).toBe(200);
  });

  it('a session left unused for longer than the idle period: 401; one kept in use lives on', async () => {
    const idle = await signIn('demo');
    const busy = await signIn('demo');
    clock += 1_000 * 1_000;
    expect((await call('GET', '/partner-gateway/keepAlive', as(busy.token))).status).toBe(204);
    clock += 1_000 * 1_000;
    refused(await call('GET', '/login-gateway/credentials', as(idle.token)));
    expect((await call('GET', '/login-gateway/credentials', as(busy.token))).status).toBe(200);
  });
});

describe("another user's resources: 404, with nothing of them", () => {
  it("a user id that is not the caller's: 404 with the error envelope; the caller's own: 200", async () => {
    const demo = await signIn('demo');
    const admin = await signIn('admin');
    expect(admin.userId).not.toBe(demo.userId);
    const own = await call('GET', `/login-gateway/user/${demo.userId}/contact`, as(demo.token));
    expect(own.status).toBe(200);
    const other = await call('GET', `/login-gateway/user/${admin.userId}/contact`, as(demo.token));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ errors: [{ code: 'NOT_FOUND', description: expect.any(String) }] });
    for (const [method, path] of [
      ['GET', `/login-gateway/branding/${admin.userId}/brand`],
      ['GET', `/login-gateway/user/${admin.userId}/profile/credentials`],
      ['GET', `/partner-gateway/partner/${admin.userId}/plan/list`],
    ])
      expect((await call(method, path, as(demo.token))).status, path).toBe(404);
  });

  it("a session read names the session's own user, not the example's", async () => {
    const demo = await signIn('demo');
    const admin = await signIn('admin');
    for (const path of ['/login-gateway/api/validateSession', '/api/validateSession']) {
      expect((await call('GET', path, as(admin.token))).body.userId, path).toBe(admin.userId);
      expect((await call('GET', path, as(demo.token))).body.userId, path).toBe(demo.userId);
    }
    expect((await call('GET', '/login-gateway/credentials', as(admin.token))).body.data.userId).toBe(admin.userId);
    expect((await call('GET', `/login-gateway/user/${admin.userId}/profile/credentials`, as(admin.token))).body.data.userId).toBe(
      admin.userId,
    );
  });

  it("a plan outside the caller's plan list: 404; one of the list: 200", async () => {
    const demo = await signIn('demo');
    const plans = await call('GET', `/partner-gateway/partner/${demo.userId}/plan/list`, as(demo.token));
    const [planId] = plans.body.data.planList.map((plan) => plan.planId);
    expect((await call('GET', `/partner-gateway/partner/${demo.userId}/plan/${planId}/info`, as(demo.token))).status).toBe(200);
    const other = await call('GET', `/partner-gateway/partner/${demo.userId}/plan/PLN-99999/info`, as(demo.token));
    expect(other.status).toBe(404);
    expect(other.text).not.toContain('PLN-99999');
  });

  it("another account's passkey: 404 PKERR04, as one that does not exist", async () => {
    const passkey = await signIn('passkey');
    const demo = await signIn('demo');
    const [mine] = (await call('GET', '/login-gateway/passkeys', as(passkey.token))).body.data.passkeys;
    expect(mine).toBeDefined();
    const theirs = await call('DELETE', `/login-gateway/passkeys/${mine.id}`, as(demo.token));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ errors: [{ code: 'PKERR04', description: expect.any(String) }] });
    expect(theirs.text).not.toContain(mine.name);
    expect((await call('GET', '/login-gateway/passkeys', as(passkey.token))).body.data.passkeys).toHaveLength(1);
  });
});

describe('throttling: the declared attempts, then 429 with Retry-After', () => {
  it('wrong passwords: the declared attempts are answered, the next is 429 until the window moves on or the hook resets', async () => {
    const { attempts, windowSeconds } = byId.authenticate['x-rate-limit'];
    const wrong = () => call('POST', '/login-gateway/authentication', { headers: { Authorization: basic('wrong') }, body: 'f1ngerpr1nt' });
    for (let attempt = 0; attempt < attempts; attempt += 1) expect((await wrong()).body.errors[0].code).toBe('AUERR02');
    const throttled = await wrong();
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBe(windowSeconds);
    expect(throttled.headers.get('ratelimit-policy')).toBe(`"attempts";q=${attempts};w=${windowSeconds}`);
    // Per persona: another account is not held back.
    expect((await signIn('demo')).token).toBeDefined();
    clock += 60_000;
    expect(Number((await wrong()).headers.get('retry-after'))).toBe(windowSeconds - 60);
    clock += windowSeconds * 1000;
    expect((await wrong()).status).toBe(200);
    for (let attempt = 1; attempt < attempts; attempt += 1) await wrong();
    expect((await wrong()).status).toBe(429);
    expect((await fetch(`${base}/__mock/limits/reset`, { method: 'POST' })).status).toBe(204);
    expect((await wrong()).status).toBe(200);
  });

  it('neither a successful sign-in nor one that asks for its next step (AUERR01, AUERR05) counts as a failure', async () => {
    const { attempts } = byId.authenticate['x-rate-limit'];
    for (let attempt = 0; attempt <= attempts; attempt += 1) await signIn('demo');
    for (const user of ['mfa', 'question'])
      for (let attempt = 0; attempt <= attempts; attempt += 1) {
        const answer = await call('POST', '/login-gateway/authentication', {
          headers: { Authorization: basic(user) },
          body: 'f1ngerpr1nt',
        });
        expect(answer.body.errors[0].code).toMatch(/^AUERR0[15]$/);
      }
  });

  it('made-up link tokens: refused as not issued (LKERR01), then 429 for that caller', async () => {
    const { attempts } = byId.verifyToken['x-rate-limit'];
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const answer = await call('GET', `/login-gateway/verification/token?token=made-up-${attempt}`);
      expect(answer.body).toEqual({ errors: [{ code: 'LKERR01', description: expect.any(String) }] });
    }
    expect((await call('GET', '/login-gateway/verification/token?token=email-validated')).status).toBe(429);
  });

  it('a made-up link token signs no one in: 401 on both token sign-ins', async () => {
    refused(await call('GET', '/login-gateway/auth/token?id=made-up-link'));
    refused(await call('POST', '/login-gateway/authentication/token', { body: { token: 'made-up-link' } }));
    expect((await call('GET', '/login-gateway/auth/token?id=email-validated')).body.data.token).toEqual(expect.any(String));
  });

  it('a link token the mock issued is answered with its record', async () => {
    const answer = await call('GET', '/login-gateway/verification/token?token=email-expired');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ type: 'Email Verification', hasExpiredVerification: true });
  });

  it('usernames checked in one session: the declared attempts, then 429', async () => {
    const { attempts } = byId.validateUsername['x-rate-limit'];
    const setup = await signIn('setup');
    for (let attempt = 0; attempt < attempts; attempt += 1)
      expect((await call('GET', `/login-gateway/validateUsername?username=jsmith${attempt}`, as(setup.token))).status).toBe(200);
    expect((await call('GET', '/login-gateway/validateUsername?username=jsmith', as(setup.token))).status).toBe(429);
    // Another session's quota is its own.
    const other = await signIn('setup');
    expect((await call('GET', '/login-gateway/validateUsername?username=jsmith', as(other.token))).status).toBe(200);
  });
});

describe('the same answer whether or not an account exists', () => {
  it.each([
    [
      'retrieveUsername',
      '/login-gateway/public/profile/credentials/retrieveUsername',
      { role: 'ROLE_PARTICIPANT', email: 'jane.smith@example.com' },
    ],
    [
      'resetPassword',
      '/login-gateway/public/profile/credentials/resetPassword',
      { username: 'demo', securityAnswer: 'Fluffy', captcha: 'c' },
    ],
  ])('%s answers an unknown identifier as a known one', async (id, path, known) => {
    const { name } = byId[id]['x-same-answer'];
    const unknown = { ...known, [name]: name === 'email' ? 'nobody-at-all@example.com' : 'nobodyatall' };
    const [a, b] = [await call('POST', path, { body: known }), await call('POST', path, { body: unknown })];
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });
});
