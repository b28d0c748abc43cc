// @vitest-environment node
// The mock's passkeys and recovery codes (scripts/mock-credentials.mjs), without a server: its
// ceremonies verified for real (@simplewebauthn/server) against answers of the kit's software
// authenticator (a good registration and sign-in, a tampered signature, a replayed assertion, an
// unknown credential, no user verification, an expired ceremony, another origin, a counter that
// did not rise), and its recovery codes (used once, counted, voided by a new set). Every answer
// is the contract's (ajv on the bundle), and each of the contract's examples of these operations
// is an answer the store gives. The clock is a fake one: nothing waits.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { authenticate, importPasskey, register, tampered } from '@signin-portal/verify-gateway/authenticator';
import { contractAjv, pointer } from '@signin-portal/verify-gateway/contract-validator';
import { CEREMONY_MS, createCredentialStore, FAILURES, freshRecoveryCode, normaliseCode } from '../mock-credentials.mjs';
import { indexOperations, loadScenarios, resolveRef } from '../mock-scenarios.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const scenarios = loadScenarios(join(root, 'openapi', 'mock-scenarios.yaml'));
const fixture = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'passkey-localhost.json'), 'utf8'));
const ajv = contractAjv(document);
const operations = new Map(indexOperations(document).map((entry) => [entry.id, entry]));

/** Holds an answer to the contract's 200 schema of the operation; returns it. */
function conforms(operationId, answer) {
  const { path, method } = operations.get(operationId);
  const validate = ajv.validatorAt(
    pointer('paths', path, method.toLowerCase(), 'responses', '200', 'content', 'application/json', 'schema'),
  );
  expect(validate(answer), `${operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return answer;
}

const ORIGIN = 'http://localhost:5173';
const demo = { key: 'user:demo', username: 'demo', userId: '100245' };
let clock;
let store;
beforeEach(() => {
  clock = Date.UTC(2026, 10, 21, 9, 30);
  store = createCredentialStore({ seeds: scenarios.credentials, now: () => clock });
});

/** Registers a passkey for `demo` as a browser would; resolves to the authenticator's passkey and the stored one. */
async function registered(how = {}) {
  const { data } = conforms('startPasskeyRegistration', await store.startPasskeyRegistration(demo));
  const { credential, passkey } = register(data.publicKey, { origin: ORIGIN, ...how });
  const answer = conforms(
    'finishPasskeyRegistration',
    await store.finishPasskeyRegistration(demo, { ceremonyId: data.ceremonyId, name: 'My laptop', credential }),
  );
  return { passkey, answer, options: data.publicKey };
}

/** A sign-in ceremony's options and the assertion the passkey gives for them. */
async function assertion(passkey, how = {}) {
  const { data } = conforms('startPasskeySignIn', await store.startPasskeySignIn());
  return { ceremonyId: data.ceremonyId, credential: authenticate(data.publicKey, passkey, { origin: ORIGIN, ...how }) };
}

describe('passkey registration', () => {
  it('asks for a discoverable credential with user verification, bound to a ceremony, and stores the verified passkey', async () => {
    const { answer, options } = await registered();
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'demo' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      timeout: CEREMONY_MS,
    });
    expect(answer).toEqual({
      data: {
        id: expect.stringMatching(/^pk_/),
        name: 'My laptop',
        createdAt: '2026-11-21T09:30:00.000Z',
        lastUsedAt: null,
        deviceKind: 'platform',
      },
      errors: [],
    });
    expect(conforms('listPasskeys', store.listPasskeys(demo)).data.passkeys).toEqual([answer.data]);
    // The next registration excludes it.
    const next = await store.startPasskeyRegistration(demo);
    expect(next.data.publicKey.excludeCredentials).toEqual([expect.objectContaining({ type: 'public-key', transports: ['internal'] })]);
  });

  it('refuses an attestation without user verification, from another origin, for another ceremony or a used one', async () => {
    const start = async () => (await store.startPasskeyRegistration(demo)).data;
    const finish = (ceremonyId, credential) => store.finishPasskeyRegistration(demo, { ceremonyId, name: 'x', credential });
    let options = await start();
    expect(await finish(options.ceremonyId, register(options.publicKey, { origin: ORIGIN, userVerified: false }).credential)).toEqual(
      FAILURES.notVerified,
    );
    options = await start();
    expect(await finish(options.ceremonyId, register(options.publicKey, { origin: 'https://evil.example' }).credential)).toEqual(
      FAILURES.notVerified,
    );
    options = await start();
    const { credential } = register(options.publicKey, { origin: ORIGIN });
    expect(await finish('cer_unknown', credential)).toEqual(FAILURES.ceremony);
    // Another account cannot finish this account's ceremony, and the ceremony is spent by the try.
    expect(
      await store.finishPasskeyRegistration(
        { key: 'user:other', username: 'other' },
        { ceremonyId: options.ceremonyId, name: 'x', credential },
      ),
    ).toEqual(FAILURES.ceremony);
    expect(await finish(options.ceremonyId, credential)).toEqual(FAILURES.ceremony);
    expect(store.listPasskeys(demo).data.passkeys).toEqual([]);
  });

  it('expires a ceremony after its timeout', async () => {
    const { data } = await store.startPasskeyRegistration(demo);
    const { credential } = register(data.publicKey, { origin: ORIGIN });
    clock += CEREMONY_MS;
    expect(
      conforms(
        'finishPasskeyRegistration',
        await store.finishPasskeyRegistration(demo, { ceremonyId: data.ceremonyId, name: 'x', credential }),
      ),
    ).toEqual(FAILURES.ceremony);
  });

  it('refuses the same credential twice (an authenticator that ignores excludeCredentials)', async () => {
    const { passkey } = await registered();
    const { data } = await store.startPasskeyRegistration(demo);
    const { credential } = register(data.publicKey, { origin: ORIGIN, again: passkey });
    expect(
      conforms(
        'finishPasskeyRegistration',
        await store.finishPasskeyRegistration(demo, { ceremonyId: data.ceremonyId, name: 'b', credential }),
      ),
    ).toEqual(FAILURES.alreadyRegistered);
  });
});

describe('passkey sign-in', () => {
  it('verifies the assertion against a ceremony with no allowed credentials, and names the account; the passkey shows when it was used', async () => {
    const { passkey } = await registered();
    const { data } = await store.startPasskeySignIn();
    expect(data.publicKey).toEqual({
      rpId: 'localhost',
      challenge: expect.any(String),
      allowCredentials: [],
      timeout: CEREMONY_MS,
      userVerification: 'required',
    });
    clock += 1000;
    const outcome = await store.finishPasskeySignIn({
      ceremonyId: data.ceremonyId,
      credential: authenticate(data.publicKey, passkey, { origin: ORIGIN }),
    });
    expect(outcome.account).toMatchObject({ key: 'user:demo', username: 'demo' });
    expect(store.listPasskeys(demo).data.passkeys[0].lastUsedAt).toBe('2026-11-21T09:30:01.000Z');
  });

  it('refuses a tampered signature', async () => {
    const { passkey } = await registered();
    const { ceremonyId, credential } = await assertion(passkey);
    expect(await store.finishPasskeySignIn({ ceremonyId, credential: tampered(credential) })).toEqual({ failure: FAILURES.notVerified });
  });

  it('refuses a replay: the same assertion again, or for a new ceremony', async () => {
    const { passkey } = await registered();
    const first = await assertion(passkey);
    expect((await store.finishPasskeySignIn(first)).account).toBeDefined();
    expect(await store.finishPasskeySignIn(first)).toEqual({ failure: FAILURES.ceremony });
    const { data } = await store.startPasskeySignIn();
    expect(await store.finishPasskeySignIn({ ceremonyId: data.ceremonyId, credential: first.credential })).toEqual({
      failure: FAILURES.notVerified,
    });
  });

  it('refuses a signature counter that did not rise (a cloned authenticator)', async () => {
    const { passkey } = await registered();
    expect((await store.finishPasskeySignIn(await assertion(passkey))).account).toBeDefined();
    passkey.counter = 0;
    expect(await store.finishPasskeySignIn(await assertion(passkey))).toEqual({ failure: FAILURES.notVerified });
  });

  it('refuses an assertion without user verification', async () => {
    const { passkey } = await registered();
    expect(await store.finishPasskeySignIn(await assertion(passkey, { userVerified: false }))).toEqual({ failure: FAILURES.notVerified });
  });

  it('refuses a credential it does not know, and one removed', async () => {
    const stranger = register(
      { rp: { id: 'localhost' }, user: { id: 'c3RyYW5nZXI' }, challenge: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { origin: ORIGIN },
    ).passkey;
    expect(await store.finishPasskeySignIn(await assertion(stranger))).toEqual({ failure: FAILURES.unknownCredential });
    const { passkey, answer } = await registered();
    expect(conforms('removePasskey', store.removePasskey(demo, answer.data.id))).toEqual({ errors: [] });
    expect(await store.finishPasskeySignIn(await assertion(passkey))).toEqual({ failure: FAILURES.unknownCredential });
    expect(conforms('removePasskey', store.removePasskey(demo, answer.data.id))).toEqual(FAILURES.noPasskey);
  });

  it('refuses an expired ceremony and another origin', async () => {
    const { passkey } = await registered();
    const late = await assertion(passkey);
    clock += CEREMONY_MS;
    expect(await store.finishPasskeySignIn(late)).toEqual({ failure: FAILURES.ceremony });
    expect(await store.finishPasskeySignIn(await assertion(passkey, { origin: 'https://evil.example' }))).toEqual({
      failure: FAILURES.notVerified,
    });
  });

  it('accepts the origins MOCK_WEBAUTHN_ORIGINS names, and no other', async () => {
    store = createCredentialStore({ origins: ['https://portal.test'], seeds: {}, now: () => clock });
    const { data } = await store.startPasskeyRegistration(demo);
    const local = register(data.publicKey, { origin: ORIGIN }).credential;
    expect(await store.finishPasskeyRegistration(demo, { ceremonyId: data.ceremonyId, name: 'x', credential: local })).toEqual(
      FAILURES.notVerified,
    );
    const again = (await store.startPasskeyRegistration(demo)).data;
    const named = register(again.publicKey, { origin: 'https://portal.test' }).credential;
    expect(
      (await store.finishPasskeyRegistration(demo, { ceremonyId: again.ceremonyId, name: 'x', credential: named })).data,
    ).toBeDefined();
  });

  it('signs the persona `passkey` in with its test credential, the fixture a virtual authenticator adds, as often as a new authenticator counts afresh', async () => {
    // Before anything else touched the account: the demo accounts exist from the start.
    expect((await store.finishPasskeySignIn(await assertion(importPasskey(fixture.credential)))).account?.username).toBe('passkey');
    const persona = { key: 'user:passkey', username: 'passkey' };
    expect(store.listPasskeys(persona).data.passkeys).toEqual([
      {
        id: expect.stringMatching(/^pk_/),
        name: 'Test passkey',
        createdAt: '2026-10-02T14:05:00Z',
        lastUsedAt: '2026-11-21T09:30:00.000Z',
        deviceKind: 'synced',
      },
    ]);
    for (let time = 0; time < 2; time += 1) {
      const outcome = await store.finishPasskeySignIn(await assertion(importPasskey(fixture.credential)));
      expect(outcome.account?.username).toBe('passkey');
    }
  });
});

describe('renaming', () => {
  it('renames a passkey of the account, and no other', async () => {
    const { answer } = await registered();
    expect(conforms('renamePasskey', store.renamePasskey(demo, answer.data.id, { name: '<b>Kitchen</b> iPad' })).data.name).toBe(
      '<b>Kitchen</b> iPad',
    );
    expect(store.renamePasskey({ key: 'user:other' }, answer.data.id, { name: 'mine' })).toEqual(FAILURES.noPasskey);
  });
});

describe('recovery codes', () => {
  it('generates 10 random codes, xxxx-xxxx, shown once; the count says 10', () => {
    expect(conforms('getRecoveryCodeStatus', store.getRecoveryCodeStatus(demo))).toEqual({
      data: { remaining: 0, generatedAt: null },
      errors: [],
    });
    const { data } = conforms('generateRecoveryCodes', store.generateRecoveryCodes(demo));
    expect(data.codes).toHaveLength(10);
    expect(new Set(data.codes).size).toBe(10);
    for (const code of data.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    expect(store.getRecoveryCodeStatus(demo).data).toEqual({ remaining: 10, generatedAt: data.generatedAt });
  });

  it('takes a code once, without case or separators; the count falls; a used code is refused as used', () => {
    const [first, second] = store.generateRecoveryCodes(demo).data.codes;
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: ` ${first.toUpperCase().replace('-', ' ')}` }).account?.username).toBe(
      'demo',
    );
    expect(store.getRecoveryCodeStatus(demo).data.remaining).toBe(9);
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: first })).toEqual({ failure: FAILURES.codeUsed });
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: 'zzzz-zzzz' })).toEqual({ failure: FAILURES.codeNotValid });
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: second.replace('-', '') }).account).toBeDefined();
    expect(store.getRecoveryCodeStatus(demo).data.remaining).toBe(8);
  });

  it('voids the old set when a new one is generated', () => {
    const old = store.generateRecoveryCodes(demo).data.codes;
    const fresh = store.generateRecoveryCodes(demo).data.codes;
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: old[0] })).toEqual({ failure: FAILURES.codeNotValid });
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: fresh[0] }).account).toBeDefined();
  });

  it('says there is none when none was generated or all are used', () => {
    expect(store.signInWithRecoveryCode(demo, { recoveryCode: 'rc7k-2m9q' })).toEqual({ failure: FAILURES.noCodes });
    const fewcodes = { key: 'user:fewcodes', username: 'fewcodes' };
    expect(store.getRecoveryCodeStatus(fewcodes).data.remaining).toBe(3);
    expect(store.signInWithRecoveryCode(fewcodes, { recoveryCode: 'b3mq-8wts' })).toEqual({ failure: FAILURES.codeUsed });
    for (const code of ['k2v9-m4xq', 'w8rd-3tnh', 'z5pe-7cgj'])
      expect(store.signInWithRecoveryCode(fewcodes, { recoveryCode: code }).account).toBeDefined();
    expect(store.signInWithRecoveryCode(fewcodes, { recoveryCode: 'k2v9-m4xq' })).toEqual({ failure: FAILURES.noCodes });
  });

  it('gives the demo persona `recovery` its 10 documented codes', () => {
    const recovery = { key: 'user:recovery', username: 'recovery' };
    expect(store.getRecoveryCodeStatus(recovery).data.remaining).toBe(10);
    expect(store.signInWithRecoveryCode(recovery, { recoveryCode: 'RC7K-2M9Q' }).account?.username).toBe('recovery');
  });

  it('normalises and makes codes as the contract writes them', () => {
    expect(normaliseCode(' Ab12-cD34 ')).toBe('ab12cd34');
    const pattern = new RegExp(document.components.schemas.RecoveryCode.pattern);
    for (let time = 0; time < 50; time += 1) expect(freshRecoveryCode()).toMatch(pattern);
  });
});

describe('the contract’s examples of these operations', () => {
  it('are each an answer the store gives: every error code it names is one the store answers', () => {
    const answered = new Set(Object.values(FAILURES).map((failure) => failure.errors[0].code));
    const named = new Set();
    for (const id of scenarios.credentials.operations) {
      const { operation } = operations.get(id);
      // A business error in a 200, or a refusal of its own (PKERR04: a passkey not the caller's, 404).
      for (const status of ['200', '404']) {
        const response = operation.responses[status];
        if (!response || response.$ref) continue;
        for (const media of Object.values(response.content))
          for (const example of Object.values(media.examples))
            for (const item of resolveRef(document, example).value.errors ?? []) named.add(item.code);
      }
    }
    // AUERR02 and the lockout come from the rules (openapi/mock-scenarios.yaml), as for authenticate.
    expect([...named].filter((code) => !answered.has(code)).sort()).toEqual(['AUERR02', 'MFAERR02']);
    const ruled = scenarios.rules.signInWithRecoveryCode.map((rule) => rule.respond.example);
    expect(ruled).toEqual(expect.arrayContaining(['AUERR02', 'lockout']));
    for (const [code, failure] of Object.entries(FAILURES)) expect(named.has(failure.errors[0].code), code).toBe(true);
  });
});
