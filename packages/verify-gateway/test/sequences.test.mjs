// @vitest-environment node
// The journeys' runner against small in-process stub gateways (the mock's run is in
// scripts/__tests__/mock-gateway.test.mjs, the kit's command line in
// verify-gateway-journeys.test.mjs): a gateway that keeps the journeys passes; one that still
// accepts a signed-out token or a used code, or loses a step's state, is reported; a refused or
// throttled sign-in, or a code nobody can give, blocks the journey without calling it a
// violation. And the authenticator's codes, as RFC 6238 says.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeViolation } from '../src/checks.mjs';
import { loadContract } from '../src/contract.mjs';
import { createJudge } from '../src/request-generator.mjs';
import {
  AUTHENTICATOR_SEQUENCE,
  base32Decode,
  PHONE_CHANGE_SEQUENCE,
  runSequence,
  SEQUENCES,
  SIGN_IN_SEQUENCE,
  totp,
  totpFromUri,
} from '../src/sequences.mjs';
import { createCredentialStore } from '../../../scripts/mock-credentials.mjs';
import { listOperations } from '../src/openapi-document.mjs';
import { answerOf } from './stub-gateway.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);
const SECRET = 'JBSWY3DPEHPK3PXP';

/** The kit's check as the tests use it: the contract's verdict on the answer to a valid request. */
const judge = createJudge(loadContract(bundle));
const entries = new Map(listOperations(bundle).map((entry) => [entry.operation.operationId, entry]));
const check = (operationId, answer) => judge(entries.get(operationId), { operationId }, answer);

const json = (status, body, headers = {}) => answerOf(status, body, headers);
const errors = (code, description) => json(200, { errors: [{ code, description }] });

/**
 * A small gateway that keeps the journeys: codes must be the last one sent and are good once,
 * tokens are revoked on sign-out, option 190 reads as it was saved, passkeys and recovery codes
 * are the mock's credential store's. `defects` switches one thing off.
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
  const credentials = createCredentialStore();
  const account = { key: `user:${user}`, username: user };
  /** The passkey id of `/login-gateway/passkeys/{passkeyId}[/name]`. */
  const passkeyIdOf = (request) => decodeURIComponent(new URL(request.url, 'https://stub.example').pathname.split('/')[3]);
  const mint = () => {
    const token = `stub-token-${(minted += 1)}`;
    sessions.set(token, { revoked: false });
    return json(200, { data: { roles: ['ROLE_PARTICIPANT'], userId: '42', token }, errors: [] });
  };
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
      if (!defects.includes('accepts a used code')) sent = undefined;
      return mint();
    },
    // Passkeys and recovery codes: the mock's credential store, for the one user.
    startPasskeyRegistration: (request) => signedIn(request, async () => json(200, await credentials.startPasskeyRegistration(account))),
    finishPasskeyRegistration: (request) =>
      signedIn(request, async () => json(200, await credentials.finishPasskeyRegistration(account, body(request)))),
    listPasskeys: (request) => signedIn(request, () => json(200, credentials.listPasskeys(account))),
    renamePasskey: (request) => signedIn(request, () => json(200, credentials.renamePasskey(account, passkeyIdOf(request), body(request)))),
    removePasskey: (request) => signedIn(request, () => json(200, credentials.removePasskey(account, passkeyIdOf(request)))),
    startPasskeySignIn: async () => json(200, await credentials.startPasskeySignIn()),
    finishPasskeySignIn: async (request) => {
      const outcome = await credentials.finishPasskeySignIn(body(request));
      return outcome.account ? mint() : json(200, outcome.failure);
    },
    generateRecoveryCodes: (request) => signedIn(request, () => json(200, credentials.generateRecoveryCodes(account))),
    getRecoveryCodeStatus: (request) => signedIn(request, () => json(200, credentials.getRecoveryCodeStatus(account))),
    signInWithRecoveryCode: (request) => {
      if (basicUser(request) !== user) return errors('AUERR02', 'The username or password you entered is incorrect.');
      const outcome = credentials.signInWithRecoveryCode(account, body(request));
      return outcome.account ? mint() : json(200, outcome.failure);
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
    keepAlive: (request) => signedIn(request, () => answerOf(204)),
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
      signedIn(request, () => {
        if (sent === undefined || body(request).code !== sent) return errors('MFAERR01', 'The code is not valid, please try again');
        if (!defects.includes('accepts a used code')) sent = undefined;
        return json(200, { errors: [] });
      }),
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
      return sent && request.url.startsWith('/__test/last-code?username=mfa') ? json(200, { code: sent }) : json(404, { errors: [] });
    const handler = handlers[request.operationId];
    if (!handler) throw new Error(`the stub has no ${request.operationId}`);
    return handler(request);
  };
  return { send, requests };
}

const options = { username: 'mfa', password: 'Secret#123', codeHook: '/__test/last-code', now: NOW, baseUrl: 'https://stub.example' };
const summary = (outcome) =>
  outcome.steps.map(
    (step) => `${step.result} ${step.name}${step.violations.length ? `: ${step.violations.map(describeViolation).join('; ')}` : ''}`,
  );

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
    const [, , , , replay, validate, , , signedOut] = requests.filter((request) => request.operationId !== 'codeHook');
    // The used code is tried a second time, and refused (MFAERR01): the step passes.
    expect(replay.headers.twilioMfaCode).toBe(withCode.headers.twilioMfaCode);
    expect(outcome.steps[5]).toMatchObject({ name: 'the used code no longer signs in', result: 'passed' });
    expect(validate.headers['X-Auth-Token']).toBe('stub-token-1');
    expect(signedOut.headers['X-Auth-Token']).toBe('stub-token-1');
    // Printed as curl with the credentials and the code masked.
    expect(outcome.steps[4].curl).toMatch(/-H 'twilioMfaCode: \*\*\*' -H 'codeType: sms'/);
    expect(outcome.steps[0].curl).toBe(
      "curl -sS -X POST 'https://stub.example/login-gateway/authentication' -H 'Authorization: ***' -H 'Content-Type: application/json' --data-raw '\"gateway-kit-sequence\"'",
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
    ).body.toString();
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
      'failed keep-alive with the signed-out token is refused: status: a signed-out token is still accepted (expected: 401, 403 or 440; received: 204)',
      'failed the signed-out session is not valid: status: a signed-out session still counts as valid (expected: 401, 403 or 440, or 200 with validated false; received: 200, validated true)',
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
    expect(summary(named)).toContain(
      'failed validate the session: body /userId: the session names another user than the sign-in (expected: "42"; received: "43")',
    );
    const forgets = await runSequence(PHONE_CHANGE_SEQUENCE, {
      send: stubGateway({ defects: ['forgets option 190'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(summary(forgets)).toContain(
      'failed multi-factor sign-in reads as on (190): body /data: option 190 does not read as active after it was switched on (expected: optionType 190, active true; received: {"optionType":190,"active":false,"optionValues":{"isActive":false}})',
    );
  });

  it('reports what the kit’s check finds in an answer', async () => {
    const { send } = stubGateway();
    const found = { rule: 'protocol', where: 'body', message: 'a violation the kit found' };
    const strictCheck = (operationId, answer) => (operationId === 'keepAlive' && answer.status === 204 ? [found] : []);
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check: strictCheck, options, document: bundle });
    expect(outcome.result).toBe('failed');
    expect(summary(outcome)).toContain('failed keep the session alive: body: a violation the kit found');
  });

  it('a wrong code is a failed step, not a pass', async () => {
    const { send } = stubGateway();
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options: { ...options, code: '999999' }, document: bundle });
    expect(outcome.result).toBe('failed');
    expect(summary(outcome)).toContain(
      'failed sign in with the code: body /data/token: the sign-in with the code gave no token (expected: a session token; received: none (200 with MFAERR01))',
    );
  });

  it('a gateway that takes a one-time code twice fails the sign-in and the phone change', async () => {
    const signIn = await runSequence(SIGN_IN_SEQUENCE, {
      send: stubGateway({ defects: ['accepts a used code'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(summary(signIn).filter((line) => line.startsWith('failed'))).toEqual([
      'failed the used code no longer signs in: body /data/token: a one-time code signs in a second time (expected: no token: a code is good once; received: a session token)',
    ]);
    const phone = await runSequence(PHONE_CHANGE_SEQUENCE, {
      send: stubGateway({ defects: ['accepts a used code'] }).send,
      check,
      options,
      document: bundle,
    });
    expect(summary(phone).filter((line) => line.startsWith('failed'))).toEqual([
      'failed the used code is refused: status: a one-time code is accepted a second time (expected: a refusal: an error listed, or a 4xx; received: 200)',
    ]);
  });

  it('does not try a fixed code twice: it may be a test code the gateway always takes', async () => {
    const { send } = stubGateway({ defects: ['accepts a used code'] });
    const outcome = await runSequence(SIGN_IN_SEQUENCE, { send, check, options: { ...options, code: '314159' }, document: bundle });
    expect(outcome.result).toBe('passed');
    expect(outcome.steps.find((step) => step.name === 'the used code no longer signs in')?.result).toBe('skipped');
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
    expect(outcome).toMatchObject({
      result: 'blocked',
      reason: 'the gateway answered 200 with AUERR02 and no token: check the username and password',
    });
    expect(outcome.steps.every((step) => step.result === 'blocked')).toBe(true);
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
      reason: "a one-time code is needed (sign-in): give a code, or the gateway's code hook that gives the last one sent",
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
