// @vitest-environment node
// The mock as a gateway that keeps the contract, run for real (Prism behind the scenario layer,
// on free ports): invalid requests get the contract's 400 or 415 with the error envelope, sign-ins
// mint a token per session, sign-outs revoke it, journey state lives with the session (no cookie but the
// contract's XSRF-TOKEN is ever set), the code hook, the throttled persona, and the fuzz of every operation.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge, fetchSender, fuzzOperation } from '../gateway-kit/request-generator.mjs';
import { AUTHENTICATOR_SEQUENCE, PHONE_CHANGE_SEQUENCE, runSequence, SIGN_IN_SEQUENCE } from '../gateway-kit/sequences.mjs';
import { startMock } from '../mock.mjs';
import { freePort } from '../nginx.mjs';
import { listOperations, resolveRef } from '../openapi-document.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));

let mock;
let base;
/**
 * Every Set-Cookie the mock sent during the tests: only the contract's XSRF-TOKEN (which the
 * contract declares on the branding and sign-in answers), never journey state.
 */
const cookiesSet = [];
const xsrfCookie = new RegExp(bundle.components.headers.XsrfTokenCookie.schema.pattern);

beforeAll(async () => {
  const port = await freePort();
  mock = await startMock({ port, prismPort: await freePort() });
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(() => mock?.stop());

const basic = (user) => `Basic ${Buffer.from(`${user}:Secret#123`).toString('base64')}`;

async function call(method, path, { headers = {}, body, json = true } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined && json && { 'Content-Type': 'application/json' }),
      ...Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)),
    },
    ...(body !== undefined && { body: json ? JSON.stringify(body) : body }),
    redirect: 'manual',
  });
  cookiesSet.push(...response.headers.getSetCookie());
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

const signIn = async (user) => {
  const answer = await call('POST', '/login-gateway/authentication', { headers: { Authorization: basic(user) }, body: 'f1ngerpr1nt' });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const landing = (token) => call('GET', '/login-gateway/userLandingUrl?role=ROLE_PARTICIPANT', { headers: { 'X-Auth-Token': token } });
const signOut = (token) => call('POST', '/login-gateway/logout', { headers: { 'X-Auth-Token': token } });

const envelope = (code) => ({ errors: [{ code, description: expect.any(String) }] });

describe('the mock refuses what the contract refuses, as a gateway would', () => {
  it.each([
    ['a missing required field', '/login-gateway/public/profile/mfa-options', {}, /body: missing required property "username"/],
    ['a wrong type', '/login-gateway/public/profile/mfa-options', { username: 7 }, /body\/username: must be string/],
    [
      'an oversized string',
      '/login-gateway/public/profile/mfa-options',
      { username: 'u'.repeat(65) },
      /body\/username: must NOT have more than 64 characters/,
    ],
    [
      'an unknown enum value',
      '/login-gateway/mfa/code',
      { type: 'pigeon', username: 'mfa' },
      /body\/type: must be one of "sms", "call", "email", "totp"/,
    ],
  ])('%s in the body: 400 with the error envelope', async (_, path, body, description) => {
    const answer = await call('POST', path, { body });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual(envelope('BAD_REQUEST'));
    expect(answer.body.errors[0].description).toMatch(description);
  });

  it('a broken pattern in the body, query, path and header: 400', async () => {
    const token = (await signIn('demo')).token;
    const phone = await call('POST', '/login-gateway/credentials/phone', {
      headers: { 'X-Auth-Token': token },
      body: { type: 30, number: '555-0123', countryCode: '1' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.errors[0].description).toMatch(/body\/number: must match pattern/);
    const query = await call('GET', '/login-gateway/validateUsername?username=1abc', { headers: { 'X-Auth-Token': token } });
    expect(query.status).toBe(400);
    expect(query.body.errors[0].description).toMatch(/query parameter username: must match pattern/);
    const path = await call('GET', '/login-gateway/user/a%20b/contact', { headers: { 'X-Auth-Token': token } });
    expect(path.status).toBe(400);
    expect(path.body.errors[0].description).toMatch(/path parameter userId: must match pattern/);
    const header = await call('POST', '/login-gateway/authentication', {
      headers: { Authorization: basic('mfa'), twilioMfaCode: '12ab' },
      body: 'f',
    });
    expect(header.status).toBe(400);
    expect(header.body.errors[0].description).toMatch(/header parameter twilioMfaCode: must match pattern/);
    const missing = await call('GET', '/login-gateway/userLandingUrl', { headers: { 'X-Auth-Token': token } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].description).toBe('query parameter role: missing');
  });

  it('bad JSON: 400; another media type: 415 where the operation declares it, else 400; a missing body: 400', async () => {
    const broken = await call('POST', '/login-gateway/public/profile/mfa-options', {
      body: '{"username":',
      json: false,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, body: { errors: [{ code: 'BAD_REQUEST', description: 'body: not JSON' }] } });
    const text = await call('POST', '/login-gateway/authentication', {
      headers: { Authorization: basic('demo'), 'Content-Type': 'text/plain' },
      body: 'f1ngerpr1nt',
      json: false,
    });
    expect(text).toMatchObject({ status: 415, body: envelope('UNSUPPORTED_MEDIA_TYPE') });
    const form = await call('POST', '/login-gateway/public/profile/mfa-options', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=mfa',
      json: false,
    });
    expect(form).toMatchObject({ status: 400, body: envelope('BAD_REQUEST') });
    const none = await call('POST', '/login-gateway/public/profile/mfa-options');
    expect(none).toMatchObject({ status: 400, body: { errors: [{ code: 'BAD_REQUEST', description: 'body: missing' }] } });
  });

  it('never answers with Prism’s 422 problem+json', async () => {
    const token = (await signIn('demo')).token;
    const answer = await call('GET', '/login-gateway/profile/optionChoice?type=nine', { headers: { 'X-Auth-Token': token } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).not.toMatch(/problem/);
  });

  it('a signed-in call without a token, or without basic credentials on the sign-in, gets the contract’s 401', async () => {
    expect(await landing(undefined)).toMatchObject({ status: 401, body: envelope('UNAUTHORIZED') });
    // Credentials first, as a gateway's security filter: even an invalid request gets 401.
    const answer = await call('GET', '/login-gateway/userLandingUrl?role=nobody');
    expect(answer.status).toBe(401);
    expect(await call('POST', '/login-gateway/authentication', { body: 'f' })).toMatchObject({ status: 401 });
  });

  it('still lets a Prefer header choose the answer of a valid request', async () => {
    const token = (await signIn('demo')).token;
    const answer = await call('GET', '/login-gateway/userLandingUrl?role=ROLE_PARTICIPANT', {
      headers: { 'X-Auth-Token': token, Prefer: 'example=password' },
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { url: 'password' } } });
  });
});

describe('sessions', () => {
  it('mints a fresh token per sign-in, which rules match as its persona', async () => {
    const first = await signIn('setup');
    const second = await signIn('setup');
    expect(first.token).toMatch(/^token-setup\.[0-9a-f-]{36}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.userId).toBe('100302');
    expect((await landing(first.token)).body.data.url).toBe('acctSetup-username');
    // A token planted directly (the example's) keeps working.
    expect((await landing('token-setup')).body.data.url).toBe('acctSetup-username');
  });

  it('revokes a signed-out token only: later calls with it get 401, the persona’s other sessions go on', async () => {
    const mine = (await signIn('demo')).token;
    const other = (await signIn('demo')).token;
    expect((await signOut(mine)).status).toBe(200);
    expect(await landing(mine)).toMatchObject({ status: 401, body: envelope('UNAUTHORIZED') });
    expect(await call('GET', '/partner-gateway/keepAlive', { headers: { 'X-Auth-Token': mine } })).toMatchObject({ status: 401 });
    expect((await landing(other)).status).toBe(200);
    // The logout page revokes the token it carries too.
    expect((await call('GET', '/public/logout.vm', { headers: { 'X-Auth-Token': other } })).status).toBe(200);
    expect((await landing(other)).status).toBe(401);
  });

  it('never revokes a token it did not mint (tests plant the examples’ tokens in parallel)', async () => {
    const planted = '3f1c0a7e-5b2d-4e8a-9c61-2d7f0b4e8a13';
    expect((await signOut(planted)).status).toBe(200);
    expect((await landing(planted)).status).toBe(200);
  });

  it('remembers multi-factor sign-in switched on with the session, not in a cookie', async () => {
    const adopting = (await signIn('adopt')).token;
    const fresh = (await signIn('adopt')).token;
    expect((await landing(adopting)).body.data.url).toBe('mfaAdoption');
    const saved = await call('POST', '/login-gateway/profile/optionChoice', {
      headers: { 'X-Auth-Token': adopting },
      body: { optionType: 190, active: true },
    });
    expect(saved).toMatchObject({ status: 200, body: { errors: [] } });
    expect(saved.headers.getSetCookie()).toEqual([]);
    expect((await landing(adopting)).body.data.url).toBe('/participant');
    const option = await call('GET', '/login-gateway/profile/optionChoice?type=190', { headers: { 'X-Auth-Token': adopting } });
    expect(option.body.data.optionValues.isActive).toBe(true);
    // Another sign-in as the same persona starts afresh.
    expect((await landing(fresh)).body.data.url).toBe('mfaAdoption');
    // A planted token remembers nothing.
    await call('POST', '/login-gateway/profile/optionChoice', {
      headers: { 'X-Auth-Token': 'token-adopt' },
      body: { optionType: 190, active: true },
    });
    expect((await landing('token-adopt')).body.data.url).toBe('mfaAdoption');
  });
});

describe('the one-time code hook', () => {
  it('gives the last code sent to a username, or to a signed-in user id', async () => {
    expect((await call('GET', '/__mock/last-code?username=hookuser')).status).toBe(404);
    expect((await call('POST', '/login-gateway/mfa/code', { body: { type: 'sms', username: 'hookuser' } })).status).toBe(200);
    const { body } = await call('GET', '/__mock/last-code?username=hookuser');
    expect(body.code).toMatch(/^[0-9]{6}$/);
    expect(body.code).not.toBe('000000');
    const session = await signIn('demo');
    await call('POST', `/login-gateway/user/${session.userId}/mfa/code`, {
      headers: { 'X-Auth-Token': session.token },
      body: { type: 'email' },
    });
    const byUser = await call('GET', `/__mock/last-code?userId=${session.userId}`);
    const byName = await call('GET', '/__mock/last-code?username=demo');
    expect(byUser.body.code).toMatch(/^[0-9]{6}$/);
    expect(byName.body.code).toBe(byUser.body.code);
    // The code it gives is accepted (as is any code but 000000).
    const verified = await call('POST', '/login-gateway/mfa/code/verify', {
      headers: { 'X-Auth-Token': session.token },
      body: { code: byUser.body.code, type: 'email' },
    });
    expect(verified).toMatchObject({ status: 200, body: { errors: [] } });
  });
});

describe('the throttled persona', () => {
  // The contract's own example of its shared 429 answer: the mock serves it, no body of its own.
  const tooManyAttempts = resolveRef(
    bundle,
    bundle.components.responses.TooManyRequests.content['application/json'].examples.tooManyAttempts,
  ).value;

  it.each([
    ['sign-in', 'POST', '/login-gateway/authentication', { headers: { Authorization: basic('throttled') }, body: 'f' }],
    ['security question', 'POST', '/login-gateway/public/profile/credentials/securityQuestion', { body: { username: 'throttled' } }],
    ['code user', 'POST', '/login-gateway/public/profile/mfa-user', { body: { username: 'throttled' } }],
    ['code options', 'POST', '/login-gateway/public/profile/mfa-options', { body: { username: 'throttled' } }],
    ['code send', 'POST', '/login-gateway/mfa/code', { body: { type: 'sms', username: 'throttled' } }],
    [
      'reset',
      'POST',
      '/login-gateway/public/profile/credentials/resetPassword',
      { body: { username: 'throttled', securityAnswer: 'blue', captcha: 'c' } },
    ],
    ['authenticator lookup', 'POST', '/login-gateway/public/profile/get-totp-info', { body: { username: 'throttled' } }],
    [
      'username retrieval',
      'POST',
      '/login-gateway/public/profile/credentials/retrieveUsername',
      { body: { email: 'throttled@example.com', role: 'ROLE_PARTICIPANT', captcha: 'c' } },
    ],
  ])("gets the contract's 429 with Retry-After on %s", async (_, method, path, options) => {
    const answer = await call(method, path, options);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('300');
    expect(answer.body).toEqual(tooManyAttempts);
  });
});

describe('the journeys pass against the mock', () => {
  const judge = createJudge(bundle);
  const entries = new Map(listOperations(bundle).map((entry) => [entry.operation.operationId, entry]));
  const check = (operationId, answer) => judge(entries.get(operationId), { operationId }, answer);
  const run = (sequence, options) =>
    runSequence(sequence, {
      send: fetchSender(base),
      check,
      options: { password: 'Secret#123', codeHook: '/__mock/last-code', ...options },
      document: bundle,
    });
  const walked = (outcome) =>
    outcome.steps.map((step) => `${step.result} ${step.operationId}${step.problems.length ? `: ${step.problems.join('; ')}` : ''}`);

  it('signs in with a code from the hook, keeps the session, signs out, and the old token is refused', async () => {
    const outcome = await run(SIGN_IN_SEQUENCE, { username: 'mfa' });
    expect(walked(outcome)).toEqual([
      'passed authenticate',
      'skipped authenticate',
      'passed getMfaOptions',
      'passed requestMfaCode',
      'passed authenticate',
      'passed validateSession',
      'passed keepAlive',
      'passed logoutToLoginUrl',
      'passed keepAlive',
      'passed validateSession',
    ]);
    expect(outcome.steps.at(-2).status).toBe(401);
  });

  it('signs in straight away where no code is asked', async () => {
    expect((await run(SIGN_IN_SEQUENCE, { username: 'demo' })).result).toBe('passed');
  });

  it('changes the phone: multi-factor sign-in reads as on afterwards, for this session', async () => {
    // `optional` reads option 190 as off until this session switches it on.
    const outcome = await run(PHONE_CHANGE_SEQUENCE, { username: 'optional' });
    expect(walked(outcome).filter((line) => !line.startsWith('passed') && !line.startsWith('skipped'))).toEqual([]);
    expect(outcome.result).toBe('passed');
  });

  it('registers an authenticator app with the code computed from its secret', async () => {
    const outcome = await run(AUTHENTICATOR_SEQUENCE, { username: 'demo' });
    expect(walked(outcome).filter((line) => !line.startsWith('passed') && !line.startsWith('skipped'))).toEqual([]);
  });

  it("is blocked by the throttled persona, whose 429 is the contract's", async () => {
    const outcome = await run(SIGN_IN_SEQUENCE, { username: 'throttled' });
    expect(outcome.reason).toBe('the gateway throttles authenticate (429, Retry-After: 300)');
    // Blocked, not failed: the kit found nothing wrong with the answer's shape.
    expect(walked(outcome)[0]).toBe('blocked authenticate: the gateway throttles authenticate (429, Retry-After: 300)');
  });
});

describe('the fuzz of every operation passes against the mock', () => {
  const RUNS = Number(process.env.MOCK_FUZZ_RUNS ?? 10);
  const operations = listOperations(bundle);
  const securityOf = (operation) => (operation.security ?? bundle.security ?? []).flatMap((requirement) => Object.keys(requirement));

  it('has the contract declare the 400 the mock answers, wherever a request can be malformed', () => {
    const breakable = operations.filter(({ operation }) => (operation.parameters ?? []).length || operation.requestBody);
    const undeclared = breakable.filter(({ operation }) => !('400' in operation.responses)).map(({ operation }) => operation.operationId);
    expect(undeclared).toEqual([]);
  });

  it(`valid requests get a success that conforms, invalid ones a 4xx with the error envelope (${RUNS} runs each, fixed seed)`, async () => {
    const send = fetchSender(base);
    const judge = createJudge(bundle, { validAccepted: true });
    const shared = (await signIn('demo')).token;
    const failures = [];
    const started = Date.now();
    // Four operations at a time: the scenario layer and Prism are two processes, each waits on the other.
    const queue = [...operations];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) await fuzz(entry);
    };
    const fuzz = async (entry) => {
      const { operation } = entry;
      const security = securityOf(operation);
      // Signing out ends the session: that operation signs in afresh for every request.
      const endsSession = operation.operationId === 'logoutToLoginUrl';
      const headers = endsSession
        ? async () => ({ 'X-Auth-Token': (await signIn('demo')).token })
        : {
            ...(security.includes('authToken') && { 'X-Auth-Token': shared }),
            ...(security.includes('basicAuth') && { Authorization: basic('demo') }),
          };
      const outcome = await fuzzOperation({
        entry,
        document: bundle,
        send,
        runs: RUNS,
        seed: 20261121,
        headers,
        baseUrl: base,
        // The mock answers a valid request with one of its examples: always a success.
        judge: (which, request, answer) => [
          ...judge(which, request, answer),
          ...(!request.invalid && answer.status >= 300 ? [`answered ${answer.status} to a valid request`] : []),
          ...(request.invalid && ![400, 415].includes(answer.status) ? [`answered ${answer.status} to an invalid request`] : []),
        ],
      });
      for (const property of ['valid', 'invalid']) {
        const found = outcome[property]?.counterexample;
        if (found) failures.push(`${operation.operationId} (${property}): ${found.problems.join('; ')}\n  ${found.curl}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz against the mock: ${operations.length} operations, ${RUNS} valid and ${RUNS} invalid requests each, ${seconds.toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
    expect(cookiesSet.length).toBeGreaterThan(0);
    expect(cookiesSet.filter((cookie) => !xsrfCookie.test(cookie))).toEqual([]);
  }, 600_000);
});
