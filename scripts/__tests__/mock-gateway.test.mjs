// @vitest-environment node
// The mock as a gateway that keeps the contract, run for real (Prism behind the scenario layer,
// on free ports): invalid requests get the contract's 400 or 415 with the error envelope, sign-ins
// mint a token per session, sign-outs revoke it, journey state lives with the session (no cookie
// but the contract's XSRF-TOKEN is ever set), the code hook and codes good once, the throttled
// persona, the journeys, and the kit's command line with --all and with --fuzz 50 on every operation.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, describeViolation } from '@signin-portal/verify-gateway/checks';
import { loadContract } from '@signin-portal/verify-gateway/contract';
import { authenticate, importPasskey, tampered } from '@signin-portal/verify-gateway/authenticator';
import {
  AUTHENTICATOR_SEQUENCE,
  PASSKEY_SEQUENCE,
  PHONE_CHANGE_SEQUENCE,
  RECOVERY_CODES_SEQUENCE,
  runSequence,
  SIGN_IN_SEQUENCE,
} from '@signin-portal/verify-gateway/sequences';
import { sendRequest } from '@signin-portal/verify-gateway/transport';
import { resolveRef } from '@signin-portal/verify-gateway/openapi-document';
import { freshCode, startMock } from '../mock.mjs';
import { freePort } from '../nginx.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const contract = loadContract(bundle);

let mock;
let base;
/**
 * Every Set-Cookie the mock sent during the tests: only the contract's XSRF-TOKEN (which the
 * contract declares on the branding and sign-in answers), never journey state.
 */
const cookiesSet = [];
const xsrfCookie = new RegExp(bundle.components.headers.XsrfTokenCookie.schema.pattern);

/** A request through the kit's transport (its caps, deadlines and protocol checks), the URL relative to the mock. */
async function send(http) {
  const answer = await sendRequest({ method: http.method, url: `${base}${http.url}`, headers: http.headers, body: http.body });
  cookiesSet.push(...answer.setCookie);
  return answer;
}

/** Runs the kit's command line against the mock; resolves to its exit code, output and JSON report. */
function runKit(args) {
  return new Promise((done, fail) => {
    // The kit's bin, as the workspace links it (what `npm run verify-gateway` runs).
    const child = spawn(process.execPath, [join(root, 'node_modules', '.bin', 'verify-gateway'), base, '--json', '-', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr, report: stdout ? JSON.parse(stdout) : undefined }));
  });
}
const failures = (report) =>
  report.rows
    .filter((row) => row.result !== 'passed' && row.result !== 'not selected')
    .map(
      (row) =>
        `${row.operationId} (${row.example}): ${row.note ?? ''} ${row.violations.map(describeViolation).join('; ')} ${row.curl ?? ''}`,
    );

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
    // The example's token itself was never minted: a made-up token (mock-authorisation.test.mjs).
    expect((await landing('token-setup')).status).toBe(401);
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
  });
});

describe('the one-time code hook', () => {
  it('gives the last code sent to a username, or to a signed-in user id; a code it sent is good once', async () => {
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
    const again = await call('POST', '/login-gateway/mfa/code/verify', {
      headers: { 'X-Auth-Token': session.token },
      body: { code: byUser.body.code, type: 'email' },
    });
    expect(again).toMatchObject({ status: 200, body: { errors: [{ code: 'MFAERR01' }] } });
    // A code it did not send (typed in development) is judged by the rules alone, as often as it comes.
    for (let time = 0; time < 2; time += 1) {
      const typed = await call('POST', '/login-gateway/mfa/code/verify', {
        headers: { 'X-Auth-Token': session.token },
        body: { code: '123456', type: 'email' },
      });
      expect(typed).toMatchObject({ status: 200, body: { errors: [] } });
    }
  });

  it('signs in with a code it sent once only', async () => {
    await call('POST', '/login-gateway/mfa/code', { body: { type: 'sms', username: 'mfa' } });
    const { code } = (await call('GET', '/__mock/last-code?username=mfa')).body;
    const withCode = (value) =>
      call('POST', '/login-gateway/authentication', { headers: { Authorization: basic('mfa'), twilioMfaCode: value }, body: 'f' });
    expect((await withCode(code)).body.data.token).toEqual(expect.any(String));
    expect((await withCode(code)).body).toEqual({ errors: [{ code: 'MFAERR01', description: expect.any(String) }] });
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
  const check = (operationId, answer) => checkAnswer(contract, contract.byId.get(operationId), answer, { expect: 'declared' }).violations;
  const run = (sequence, options) =>
    runSequence(sequence, {
      send,
      check,
      options: { password: 'Secret#123', codeHook: '/__mock/last-code', ...options },
      document: bundle,
    });
  // Each step as a line: its result, and what is wrong or why the journey stopped there.
  const walked = (outcome) =>
    outcome.steps.map((step) => {
      const why = step.violations.length ? step.violations.map(describeViolation).join('; ') : step.reason;
      return `${step.result} ${step.operationId}${why ? `: ${why}` : ''}`;
    });

  it('signs in with a code from the hook, the used code refused, keeps the session, signs out, and the old token is refused', async () => {
    const outcome = await run(SIGN_IN_SEQUENCE, { username: 'mfa' });
    expect(walked(outcome)).toEqual([
      'passed authenticate',
      'skipped authenticate',
      'passed getMfaOptions',
      'passed requestMfaCode',
      'passed authenticate',
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

  it('registers a passkey and signs in with it; a replayed, a tampered, an unverified and a removed one are refused', async () => {
    const outcome = await run(PASSKEY_SEQUENCE, { username: 'mfa' });
    expect(walked(outcome).filter((line) => !line.startsWith('passed') && !line.startsWith('skipped'))).toEqual([]);
    expect(outcome.steps.filter((step) => step.result === 'passed').length).toBeGreaterThan(18);
  });

  it('uses a recovery code once, counts it, and voids the old set when a new one is generated', async () => {
    const outcome = await run(RECOVERY_CODES_SEQUENCE, { username: 'demo' });
    expect(walked(outcome).filter((line) => !line.startsWith('passed') && !line.startsWith('skipped'))).toEqual([]);
  });

  it("is blocked by the throttled persona, whose 429 is the contract's", async () => {
    const outcome = await run(SIGN_IN_SEQUENCE, { username: 'throttled' });
    expect(outcome.reason).toBe('the gateway throttles authenticate (429, Retry-After: 300)');
    // Blocked, not failed: the kit found nothing wrong with the answer's shape.
    expect(walked(outcome)[0]).toBe('blocked authenticate: the gateway throttles authenticate (429, Retry-After: 300)');
  });
});

describe('passkeys and recovery codes (this contract’s extension), checked for real', () => {
  const fixture = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'passkey-localhost.json'), 'utf8'));
  const ORIGIN = 'http://localhost:4173';
  const codeOf = (answer) => answer.body.errors?.[0]?.code;
  /** A passkey sign-in ceremony's options, and the assertion the passkey gives (or a changed one). */
  const passkeySignIn = async (passkey, change = (credential) => credential, how = {}) => {
    const { data } = (await call('POST', '/login-gateway/authentication/passkey/options')).body;
    const credential = change(authenticate(data.publicKey, passkey, { origin: ORIGIN, ...how }));
    const body = { ceremonyId: data.ceremonyId, credential, fingerprint: 'f1ngerpr1nt' };
    return { body, answer: await call('POST', '/login-gateway/authentication/passkey', { body }) };
  };

  it('signs the persona `passkey` in with the fixture a virtual authenticator adds, answering as a sign-in', async () => {
    const passkey = importPasskey(fixture.credential);
    const { body, answer } = await passkeySignIn(passkey);
    const password = await signIn('passkey');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { ...password, token: expect.stringMatching(/^3f1c0a7e-5b2d-4e8a-9c61-2d7f0b4e8a13\.[0-9a-f-]{36}$/) },
      errors: [],
    });
    const token = answer.body.data.token;
    expect((await call('GET', '/login-gateway/api/validateSession', { headers: { 'X-Auth-Token': token } })).body.validated).toBe(true);
    const listed = await call('GET', '/login-gateway/passkeys', { headers: { 'X-Auth-Token': token } });
    expect(listed.body.data.passkeys).toEqual([
      expect.objectContaining({ name: 'Test passkey', deviceKind: 'synced', lastUsedAt: expect.any(String) }),
    ]);
    // The same ceremony again: refused.
    expect(codeOf(await call('POST', '/login-gateway/authentication/passkey', { body }))).toBe('PKERR01');
    expect(codeOf((await passkeySignIn(passkey, tampered)).answer)).toBe('PKERR03');
    expect(codeOf((await passkeySignIn(passkey, (credential) => credential, { userVerified: false })).answer)).toBe('PKERR03');
    expect(codeOf((await passkeySignIn(passkey, (credential) => credential, { origin: 'https://evil.example' })).answer)).toBe('PKERR03');
    const stranger = { ...passkey, id: 'c3RyYW5nZXI' };
    expect(codeOf((await passkeySignIn(stranger)).answer)).toBe('PKERR02');
  });

  it('takes a recovery code of the persona `recovery` at the code step, once; `fewcodes` has 3 left', async () => {
    const withCode = (user, recoveryCode) =>
      call('POST', '/login-gateway/authentication/recovery-code', { headers: { Authorization: basic(user) }, body: { recoveryCode } });
    expect(
      (await call('POST', '/login-gateway/authentication', { headers: { Authorization: basic('recovery') }, body: 'f' })).body.errors[0]
        .code,
    ).toBe('AUERR05');
    const first = await withCode('recovery', 'X6JH 5PTB');
    expect(first.body.data.token).toEqual(expect.any(String));
    expect(codeOf(await withCode('recovery', 'x6jh-5ptb'))).toBe('RCERR02');
    expect(codeOf(await withCode('recovery', 'aaaa-aaaa'))).toBe('RCERR01');
    const count = await call('GET', '/login-gateway/recovery-codes', { headers: { 'X-Auth-Token': first.body.data.token } });
    expect(count.body.data.remaining).toBe(9);
    const few = await withCode('fewcodes', 'z5pe-7cgj');
    const left = await call('GET', '/login-gateway/recovery-codes', { headers: { 'X-Auth-Token': few.body.data.token } });
    expect(left.body.data.remaining).toBe(2);
    expect(codeOf(await withCode('nocodes', 'x6jh-5ptb'))).toBe('RCERR03');
    // The rules come first: the throttled persona, a wrong password.
    expect((await withCode('throttled', 'x6jh-5ptb')).status).toBe(429);
    expect(codeOf(await withCode('wrong', 'x6jh-5ptb'))).toBe('AUERR02');
  });

  it('still lets a Prefer header choose the answer', async () => {
    const { body } = await passkeySignIn(importPasskey(fixture.credential));
    const answer = await call('POST', '/login-gateway/authentication/passkey', { headers: { Prefer: 'example=notVerified' }, body });
    expect(codeOf(answer)).toBe('PKERR03');
  });
});

describe('the contract declares its refusals', () => {
  it('declares the 400 the mock answers, wherever a request can be malformed', () => {
    const breakable = contract.operations.filter(({ operation }) => (operation.parameters ?? []).length || operation.requestBody);
    const undeclared = breakable.filter(({ operation }) => !('400' in operation.responses)).map(({ operation }) => operation.operationId);
    expect(undeclared).toEqual([]);
  });
});

describe('the kit’s command line passes the mock', () => {
  // The figures these runs print (their time) are measured, not asserted: the machine's load decides them.
  // One after the other: both sign in as `mfa` (user 2 is `admin`, another user id), the hook
  // gives the last code sent to a username, and the limits hook lifts the throttles the kit's own
  // attempts set.
  const accounts = ['--user', 'mfa', '--password', 'Secret#123', '--user2', 'admin', '--password2', 'Secret#123'];
  const hooks = ['--code-hook', '/__mock/last-code', '--limits-reset-hook', '/__mock/limits/reset'];
  const kinds = (report, kind) => report.rows.filter((row) => row.kind === kind);

  it('with --all --user2 --probe-limits: every named example, journey and probe, signed in with a one-time code from the hook (exit 0)', async () => {
    const { code, stderr, report } = await runKit([...accounts, ...hooks, '--all', '--probe-limits']);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(report.sequences.map((sequence) => `${sequence.name} ${sequence.result}`)).toEqual([
      'sign-in passed',
      'phone-change passed',
      'authenticator passed',
      'passkey passed',
      'recovery-codes passed',
    ]);
    // Who may call what: every operation that is not public refused six ways, every own-user one
    // with user 2's user id, the same answers, and every throttled operation's quota.
    const operations = contract.operations.map(({ operation }) => operation);
    const notPublic = operations.filter((operation) => operation['x-access'] !== 'public');
    expect(kinds(report, 'auth').filter((row) => row.result === 'passed')).toHaveLength(notPublic.length * 6);
    const ownUser = operations.filter((operation) => operation['x-access'] === 'own-user' && operation.operationId !== 'removePasskey');
    const withUser2 = kinds(report, 'access').filter((row) => row.note?.endsWith("user 2's"));
    expect(new Set(withUser2.map((row) => row.operationId))).toEqual(
      new Set(
        ownUser
          .filter((operation) => contract.byId.get(operation.operationId).path.includes('{userId}'))
          .map((operation) => operation.operationId),
      ),
    );
    expect(withUser2.every((row) => row.status === 404 && row.result === 'passed')).toBe(true);
    expect(kinds(report, 'same-answer').map((row) => `${row.operationId} ${row.result}`)).toEqual([
      'resetPassword passed',
      'retrieveUsername passed',
    ]);
    const throttled = operations.filter((operation) => operation['x-rate-limit']).map((operation) => operation.operationId);
    expect(kinds(report, 'throttling').map((row) => `${row.operationId} ${row.status} ${row.result}`)).toEqual(
      throttled.map((id) => `${id} 429 passed`),
    );
    console.log(
      `--all --user2 --probe-limits against the mock: ${report.summary.passed} rows in ${(report.durationMs / 1000).toFixed(1)} s`,
    );
  }, 600_000);

  it('with --all --user2 --fuzz 50 and a fixed seed: every operation fuzzed, every journey walked (exit 0)', async () => {
    const { code, stderr, report } = await runKit([...accounts, ...hooks, '--all', '--fuzz', '50', '--seed', '20261121']);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    const fuzzed = report.rows.filter((row) => row.kind === 'fuzz');
    expect(new Set(fuzzed.map((row) => row.operationId)).size).toBe(contract.operations.length);
    // Beyond the contract, as the mock behaves: a valid request gets a success, but for a generated
    // id in the path, which is not the caller's (404 on an own-user operation), and a generated
    // link token, which the mock never issued (401 on the link's sign-ins); an invalid one its 400 or 415.
    const statuses = (which) =>
      new Set(fuzzed.filter((row) => row.example === `${which} requests`).flatMap((row) => Object.keys(row.fuzz.statuses)));
    const refusedRightly = (row, status) =>
      (status === '404' && contract.byId.get(row.operationId).operation['x-access'] === 'own-user') ||
      (status === '401' && ['signInWithToken', 'getAuthToken'].includes(row.operationId));
    const otherThanSuccess = fuzzed
      .filter((row) => row.example === 'valid requests')
      .flatMap((row) => Object.keys(row.fuzz.statuses).map((status) => [row, status]))
      .filter(([row, status]) => !/^2/.test(status) && !refusedRightly(row, status))
      .map(([row, status]) => `${row.operationId} ${status}`);
    expect(otherThanSuccess).toEqual([]);
    expect([...statuses('invalid')].sort()).toEqual(['400', '415']);
    expect(fuzzed.every((row) => row.fuzz.runs === 50 && row.fuzz.seed === 20261121)).toBe(true);
    expect(report.seed).toBe(20261121);
    console.log(
      `--all --user2 --fuzz 50 against the mock: ${contract.operations.length} operations, ${fuzzed.length} fuzz runs, ${(report.durationMs / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});

describe('cookies', () => {
  // Runs after the tests above, which sign in and read the branding: the XSRF-TOKEN was set.
  it('the mock set none but the contract’s XSRF-TOKEN', () => {
    expect(cookiesSet.length).toBeGreaterThan(0);
    expect(cookiesSet.filter((cookie) => !xsrfCookie.test(cookie))).toEqual([]);
  });
});

describe('one-time codes', () => {
  it('a fresh code is never one sent before, to anyone: drawn again, it would be refused as used', () => {
    const issued = new Set(['000042']);
    const spent = new Set(['000043']);
    const draws = [42, 43, 42, 7];
    expect(freshCode([issued, spent], () => draws.shift())).toBe('000007');
    expect(draws).toEqual([]);
  });
});
