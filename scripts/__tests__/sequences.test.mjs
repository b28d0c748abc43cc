// @vitest-environment node
// The journeys' runner against small stub gateways (the mock's run is in mock-gateway.test.mjs):
// a gateway that keeps the journeys passes; one that still accepts a signed-out token, or loses
// a step's state, is reported; a refused or throttled sign-in, or a code nobody can give, blocks
// the journey without calling it a violation. And the authenticator's codes, as RFC 6238 says.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../gateway-kit/request-generator.mjs';
import {
  AUTHENTICATOR_SEQUENCE,
  base32Decode,
  PHONE_CHANGE_SEQUENCE,
  runSequence,
  SEQUENCES,
  SIGN_IN_SEQUENCE,
  totp,
  totpFromUri,
} from '../gateway-kit/sequences.mjs';
import { listOperations } from '../openapi-document.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const SECRET = 'JBSWY3DPEHPK3PXP';

/** The kit's check as the tests use it: the contract's verdict on the answer to a valid request. */
const judge = createJudge(bundle);
const entries = new Map(listOperations(bundle).map((entry) => [entry.operation.operationId, entry]));
const check = (operationId, answer) => judge(entries.get(operationId), { operationId }, answer);

const json = (status, body, headers = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  text: JSON.stringify(body),
});
const errors = (code, description) => json(200, { errors: [{ code, description }] });

/**
 * A small gateway that keeps the journeys: codes must be the last one sent, tokens are revoked on
 * sign-out, option 190 reads as it was saved. `defects` switches one thing off.
 */
function stubGateway({ defects = [], user = 'mfa', code = '314159' } = {}) {
  const sessions = new Map();
  let sent;
  let minted = 0;
  let option190 = false;
  const sessionOf = (request) => sessions.get(request.headers['X-Auth-Token']);
  const signedIn = (request, answer) => {
    const session = sessionOf(request);
    if (!session || (session.revoked && !defects.includes('accepts a signed-out token')))
      return json(401, { errors: [{ code: 'UNAUTHORIZED', description: 'Sign in' }] });
    return answer(session);
  };
  const body = (request) => (request.body === undefined ? undefined : JSON.parse(request.body));
  const basicUser = (request) =>
    Buffer.from((request.headers.Authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')[0];
  const handlers = {
    authenticate: (request) => {
      if (defects.includes('throttles'))
        return json(429, { errors: [{ code: 'TOO_MANY_REQUESTS', description: 'Too many attempts.' }] }, { 'retry-after': '300' });
      if (basicUser(request) !== user) return errors('AUERR02', 'The username or password you entered is incorrect.');
      if (request.headers.twilioMfaCode === undefined) return errors('AUERR05', 'Multi-factor authentication required');
      if (request.headers.twilioMfaCode !== sent) return errors('MFAERR01', 'The code is not valid, please try again');
      const token = `stub-token-${(minted += 1)}`;
      sessions.set(token, { revoked: false });
      return json(200, { data: { roles: ['ROLE_PARTICIPANT'], userId: '42', token }, errors: [] });
    },
    getMfaOptions: () =>
      json(200, {
        data: {
          options: [
            { type: 'totp', contactInfo: 'My app' },
            { type: 'sms', contactInfo: '***-***-1234' },
          ],
        },
      }),
    requestMfaCode: () => {
      sent = code;
      return json(200, { errors: [] });
    },
    validateSession: (request) =>
      signedIn(request, () => json(200, { validated: true, userId: defects.includes('names another user') ? '43' : '42' })),
    keepAlive: (request) => signedIn(request, () => ({ status: 204, headers: {}, text: '' })),
    logoutToLoginUrl: (request) =>
      signedIn(request, (session) => {
        if (!defects.includes('never revokes')) session.revoked = true;
        return json(200, { data: { loginUrl: '/#/login' } });
      }),
    savePhone: (request) => signedIn(request, () => json(200, { errors: [] })),
    requestUserMfaCode: (request) =>
      signedIn(request, () => {
        sent = code;
        return json(200, { errors: [] });
      }),
    verifyMfaCode: (request) =>
      signedIn(request, () =>
        body(request).code === sent ? json(200, { errors: [] }) : errors('MFAERR01', 'The code is not valid, please try again'),
      ),
    markPhoneVerified: (request) => signedIn(request, () => json(200, { errors: [] })),
    saveOptionChoice: (request) =>
      signedIn(request, () => {
        const { optionType, active } = body(request);
        if (optionType === 190 && !defects.includes('forgets option 190')) option190 = active;
        return json(200, { errors: [] });
      }),
    deleteOptionChoice: (request) => signedIn(request, () => json(200, { errors: [] })),
    getOptionChoice: (request) =>
      signedIn(request, () => json(200, { data: { optionType: 190, active: option190, optionValues: { isActive: option190 } } })),
    registerTotp: (request) =>
      signedIn(request, () =>
        defects.includes('has a verified device')
          ? errors('TOTPERR01', 'You already have a verified device registered to your account.')
          : json(200, { data: { uri: `otpauth://totp/Stub:mfa?secret=${SECRET}&issuer=Stub` } }),
      ),
    verifyTotpRegistration: (request) =>
      signedIn(request, () =>
        body(request).code === totp(base32Decode(SECRET), { now: NOW })
          ? json(200, { errors: [] })
          : errors('TOTPERR03', 'The code is not valid, please try again.'),
      ),
  };
  const requests = [];
  const send = async (request) => {
    requests.push(request);
    if (request.operationId === 'codeHook')
      return sent && request.url === '/__test/last-code?username=mfa' ? json(200, { code: sent }) : json(404, { errors: [] });
    const handler = handlers[request.operationId];
    if (!handler) throw new Error(`the stub has no ${request.operationId}`);
    return handler(request);
  };
  return { send, requests };
}

const options = { username: 'mfa', password: 'Secret#123', codeHook: '/__test/last-code', now: NOW, baseUrl: 'https://stub.example' };
const summary = (outcome) =>
  outcome.steps.map((step) => `${step.result} ${step.name}${step.problems.length ? `: ${step.problems.join('; ')}` : ''}`);

describe('the journeys against a gateway that keeps them', () => {
  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence]))(
    '%s passes, every request carrying what the answers before it returned',
    async (_, sequence) => {
      const { send } = stubGateway();
      const outcome = await runSequence(sequence, { send, check, options, document: bundle });
      expect(summary(outcome).filter((line) => !line.startsWith('passed') && !line.startsWith('skipped'))).toEqual([]);
      expect(outcome.result).toBe('passed');
    },
  );

  it('walks the sign-in as a participant does: options, a code by text (not the app), the code from the hook, then the session', async () => {
    const { send, requests } = stubGateway();
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options, document: bundle });
    expect(outcome.steps.map((step) => `${step.result} ${step.operationId} ${step.status ?? ''}`.trim())).toEqual([
      'passed authenticate 200',
      'skipped authenticate',
      'passed getMfaOptions 200',
      'passed requestMfaCode 200',
      'passed authenticate 200',
      'passed validateSession 200',
      'passed keepAlive 204',
      'passed logoutToLoginUrl 200',
      'passed keepAlive 401',
      'passed validateSession 401',
    ]);
    const withCode = requests.filter((request) => request.operationId === 'authenticate')[1];
    expect(withCode.headers).toMatchObject({ twilioMfaCode: '314159', codeType: 'sms' });
    expect(JSON.parse(requests.find((request) => request.operationId === 'requestMfaCode').body)).toEqual({ type: 'sms', username: 'mfa' });
    const [, , , , validate, , , , signedOut] = requests.filter((request) => request.operationId !== 'codeHook');
    expect(validate.headers['X-Auth-Token']).toBe('stub-token-1');
    expect(signedOut.headers['X-Auth-Token']).toBe('stub-token-1');
    // Printed as curl with the credentials and the code masked.
    expect(outcome.steps[4].curl).toMatch(/-H 'twilioMfaCode: \*\*\*' -H 'codeType: sms'/);
    expect(outcome.steps[0].curl).toBe(
      "curl -X POST 'https://stub.example/login-gateway/authentication' -H 'Authorization: ***' -H 'Content-Type: application/json' --data-raw '\"gateway-kit-sequence\"'",
    );
  });

  it('sends the option choices in the spec’s order: 9930 off (POST), 20 off (DELETE), 190 on (POST)', async () => {
    const { send, requests } = stubGateway();
    await runSequence(PHONE_CHANGE_SEQUENCE, { send, check, options, document: bundle });
    const choices = requests
      .filter((request) => /OptionChoice$/.test(request.operationId) && request.method !== 'GET')
      .map((request) => `${request.method} ${request.body}`);
    expect(choices).toEqual([
      'POST {"optionType":9930,"active":false}',
      'DELETE {"optionType":20,"active":false}',
      'POST {"optionType":190,"active":true}',
    ]);
    expect(requests.find((request) => request.operationId === 'requestUserMfaCode').url).toBe('/login-gateway/user/42/mfa/code');
  });

  it('computes the registration code from the otpauth secret, as the app does', async () => {
    const { send, requests } = stubGateway();
    await runSequence(AUTHENTICATOR_SEQUENCE, { send, check, options: { ...options, authAppName: 'My phone' }, document: bundle });
    const verify = JSON.parse(requests.find((request) => request.operationId === 'verifyTotpRegistration').body);
    expect(verify).toEqual({ code: totp(base32Decode(SECRET), { now: NOW }), authAppName: 'My phone' });
  });

  it('uses a token it is given instead of signing in, and then does not sign out', async () => {
    const stub = stubGateway();
    const signedIn = await runSequence(SIGN_IN_SEQUENCE, {
      send: stub.send,
      check,
      options: { ...options, code: '314159' },
      document: bundle,
    });
    expect(signedIn.result).toBe('passed');
    // A fresh session of the same stub for the phone journey.
    await stub.send({ operationId: 'requestMfaCode', method: 'POST', url: '/', headers: {} });
    const token = (
      await stub.send({
        operationId: 'authenticate',
        method: 'POST',
        url: '/',
        headers: { Authorization: `Basic ${Buffer.from('mfa:x').toString('base64')}`, twilioMfaCode: '314159' },
      })
    ).text;
    const outcome = await runSequence(PHONE_CHANGE_SEQUENCE, {
      send: stub.send,
      check,
      options: { token: JSON.parse(token).data.token, userId: '42', code: '314159' },
      document: bundle,
    });
    expect(outcome.result).toBe('passed');
    expect(outcome.steps.filter((step) => step.result !== 'skipped').map((step) => step.operationId)).not.toContain('authenticate');
    expect(outcome.steps.at(-1)).toMatchObject({ operationId: 'logoutToLoginUrl', result: 'skipped' });
  });
});

describe('the journeys report a gateway that breaks them', () => {
  it('a gateway that still accepts a signed-out token fails the sign-in journey', async () => {
    const { send } = stubGateway({ defects: ['accepts a signed-out token'] });
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options, document: bundle });
    expect(outcome.result).toBe('failed');
    expect(summary(outcome).filter((line) => line.startsWith('failed'))).toEqual([
      'failed keep-alive with the signed-out token is refused: a signed-out token got 204: expected 401, 403 or 440',
      'failed the signed-out session is not valid: a signed-out token got 200 validated: expected 401, 403, 440 or validated false',
    ]);
  });

  it('so does one that never revokes the token on sign-out', async () => {
    const { send } = stubGateway({ defects: ['never revokes'] });
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options, document: bundle });
    expect(outcome.result).toBe('failed');
  });

  it('a session that names another user, and option 190 that does not stay on, fail', async () => {
    const named = await runSequence(SIGN_IN_SEQUENCE, {
      send: stubGateway({ defects: ['names another user'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(summary(named)).toContain('failed validate the session: the session names user 43, the sign-in 42');
    const forgets = await runSequence(PHONE_CHANGE_SEQUENCE, {
      send: stubGateway({ defects: ['forgets option 190'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(summary(forgets)).toContain(
      'failed multi-factor sign-in reads as on (190): option 190 does not read as active after it was switched on',
    );
  });

  it('reports what the kit’s check finds in an answer', async () => {
    const { send } = stubGateway();
    const strictCheck = (operationId, answer) =>
      operationId === 'keepAlive' && answer.status === 204 ? ['keepAlive: a violation the kit found'] : [];
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check: strictCheck, options, document: bundle });
    expect(outcome.result).toBe('failed');
    expect(summary(outcome)).toContain('failed keep the session alive: keepAlive: a violation the kit found');
  });

  it('a wrong code is a failed step, not a pass', async () => {
    const { send } = stubGateway();
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options: { ...options, code: '999999' }, document: bundle });
    expect(outcome.result).toBe('failed');
    expect(summary(outcome)).toContain('failed sign in with the code: the sign-in with the code gave no token (200, MFAERR01)');
  });
});

describe('a journey that cannot go on is blocked, not failed', () => {
  it('when the sign-in is refused', async () => {
    const outcome = await runSequence(SIGN_IN_SEQUENCE, {
      send: stubGateway({ user: 'someone else' }).send,
      check,
      options,
      document: bundle,
    });
    expect(outcome).toMatchObject({ result: 'blocked', reason: 'the sign-in was refused (AUERR02): check the username and password' });
    expect(outcome.steps.slice(1).every((step) => step.result === 'skipped')).toBe(true);
  });

  it('when the gateway throttles it', async () => {
    const outcome = await runSequence(SIGN_IN_SEQUENCE, {
      send: stubGateway({ defects: ['throttles'] }).send,
      check: () => [],
      options,
      document: bundle,
    });
    expect(outcome).toMatchObject({ result: 'blocked', reason: 'the gateway throttles authenticate (429, Retry-After: 300)' });
  });

  it('when a code is needed and neither a code nor a hook is given', async () => {
    const outcome = await runSequence(SIGN_IN_SEQUENCE, {
      send: stubGateway().send,
      check,
      options: { ...options, codeHook: undefined },
      document: bundle,
    });
    expect(outcome).toMatchObject({
      result: 'blocked',
      reason: 'a one-time code is needed (sign-in): give one, or the gateway’s code hook'.replace('’', "'"),
    });
  });

  it('when a verified authenticator is already registered', async () => {
    const outcome = await runSequence(AUTHENTICATOR_SEQUENCE, {
      send: stubGateway({ defects: ['has a verified device'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(outcome).toMatchObject({ result: 'blocked', reason: 'the account already has a verified device (TOTPERR01)' });
  });
});

describe('authenticator codes', () => {
  it('match RFC 6238’s test vectors (SHA-1, the 20-byte key "12345678901234567890")', () => {
    const key = base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(key.toString()).toBe('12345678901234567890');
    expect(totp(key, { now: 59_000, digits: 8 })).toBe('94287082');
    expect(totp(key, { now: 1_111_111_109_000, digits: 8 })).toBe('07081804');
    expect(totp(key, { now: 20_000_000_000_000, digits: 8 })).toBe('65353130');
    expect(totp(key, { now: 59_000 })).toBe('287082');
  });

  it('read the secret, digits and period of an otpauth URI', () => {
    const uri = 'otpauth://totp/Example:jsmith?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example&digits=8&period=30';
    expect(totpFromUri(uri, 59_000)).toBe('94287082');
    expect(() => totpFromUri('otpauth://totp/x?issuer=y')).toThrow(/no secret/);
  });
});
