// The mock's passkeys and recovery codes (this contract's extension), kept per account as a
// gateway keeps them, and checked for real: attestations and assertions are verified by
// @simplewebauthn/server (imported here only: the mock's, never the portal's or the kit's)
// against the challenge of a ceremony the mock issued and uses once, the portal's origin and the
// RP ID, with user verification required; the signature counter is stored and must rise.
// Recovery codes are random, shown once, good once, compared without case or separators.
// The answers are the contract's shapes; the mock's scenario layer sends them.
import { createPublicKey, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoCBOR } from '@simplewebauthn/server/helpers';

const root = resolve(import.meta.dirname, '..');

/** How long a ceremony lives, and the options' `timeout`: five minutes. */
export const CEREMONY_MS = 5 * 60_000;
/** The portal as served locally, on any port: the origins the mock accepts unless MOCK_WEBAUTHN_ORIGINS names others. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:[0-9]{1,5})?$/;
/** Recovery codes' letters: digits and lower-case letters without i, l, o and u, which read as others. */
const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const PASSKEYS_PER_ACCOUNT = 20;

/** The contract's business failure with one error. */
const failure = (code, description) => ({ errors: [{ code, description }] });
/** The error codes this mock answers, as the contract's examples give them. */
export const FAILURES = {
  ceremony: failure('PKERR01', 'Your passkey request has expired. Please try again.'),
  unknownCredential: failure('PKERR02', 'This passkey is not registered for an account here. Sign in with your username and password.'),
  notVerified: failure('PKERR03', 'We could not verify your passkey. Please try again.'),
  noPasskey: failure('PKERR04', "We didn't find this passkey on your account."),
  alreadyRegistered: failure('PKERR05', 'This passkey is already registered on your account.'),
  tooManyPasskeys: failure('PKERR06', 'You have the most passkeys an account can hold. Remove one to add another.'),
  codeNotValid: failure('RCERR01', 'The recovery code is not valid, please try again'),
  codeUsed: failure('RCERR02', 'This recovery code has already been used'),
  noCodes: failure('RCERR03', 'You have no recovery codes. Use a one-time code instead.'),
};

/** A recovery code as the gateway compares it: lower case, without hyphens or spaces. */
export const normaliseCode = (code) => String(code).replace(/[\s-]/g, '').toLowerCase();

/** A fresh recovery code: 8 random letters and digits from the alphabet, as `xxxx-xxxx`. */
export function freshRecoveryCode() {
  const letters = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** The kind of authenticator, as far as its transports and backup flag tell. */
function deviceKindOf(transports = [], backedUp = false) {
  if (backedUp) return 'synced';
  if (transports.includes('internal')) return 'platform';
  if (transports.includes('hybrid') || transports.includes('cable')) return 'phone';
  if (transports.some((transport) => ['usb', 'nfc', 'ble', 'smart-card'].includes(transport))) return 'security-key';
  return null;
}

/** The COSE public key of a PKCS#8 P-256 private key (base64), as a gateway stores it for the passkey. */
function cosePublicKey(pkcs8) {
  const jwk = createPublicKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(String(jwk.x), 'base64url')],
      [-3, Buffer.from(String(jwk.y), 'base64url')],
    ]),
  );
}

const base64url = (base64) => Buffer.from(base64, 'base64').toString('base64url');
const iso = (ms) => new Date(ms).toISOString();

/**
 * @typedef {object} Seeds what the demo accounts hold from the start (openapi/mock-scenarios.yaml `credentials`)
 * @property {{ username: string, fixture: string, name: string, createdAt: string }[]} [passkeys]
 *   a passkey whose private key is in the fixture (a CDP WebAuthn.Credential), for a virtual authenticator
 * @property {{ username: string, codes: string[], used?: number, generatedAt: string }[]} [recoveryCodes]
 *   a set of codes, the first `used` of them used
 */

/**
 * @typedef {object} AccountRef who a request acts for
 * @property {string} key the account's key: `user:<username>` (a sign-in's basic username) or `token:<persona>`
 * @property {string} [username]
 * @property {string} [userId]
 */

/**
 * The mock's credential store. `origins`: the origins a ceremony may run at (the local portal
 * on any port unless given); `rpID`: the RP ID of the options (localhost). `now` is the clock.
 * @param {{ rpID?: string, origins?: string[], seeds?: Seeds, now?: () => number }} [options]
 */
export function createCredentialStore({ rpID = 'localhost', origins = [], seeds = {}, now = Date.now } = {}) {
  /** @type {Map<string, any>} */
  const accounts = new Map();
  /** credential id -> { key, passkeyId } */
  const credentials = new Map();
  /** ceremony id -> { kind, challenge, key, expiresAt } */
  const ceremonies = new Map();

  const originAllowed = (origin) => (origins.length ? origins.includes(origin) : LOCAL_ORIGIN.test(origin));

  function seedPasskey(account, seed) {
    const { credential } = JSON.parse(readFileSync(resolve(root, seed.fixture), 'utf8'));
    const id = base64url(credential.credentialId);
    account.userHandle = base64url(credential.userHandle);
    const passkeyId = `pk_${id.slice(0, 12).replace(/[^A-Za-z0-9]/g, 'x')}`;
    account.passkeys.set(passkeyId, {
      id: passkeyId,
      name: seed.name,
      createdAt: seed.createdAt,
      lastUsedAt: null,
      deviceKind: 'synced',
      // A test credential many virtual authenticators add afresh, each counting from its own
      // signCount: like a synced passkey's, its counter is not compared (its ceremonies still are used once).
      counted: false,
      credential: { id, publicKey: cosePublicKey(credential.privateKey), counter: 0, transports: ['internal'] },
    });
    credentials.set(id, { key: account.key, passkeyId });
  }

  /** The account, made on first use with what the demo seeds give its username. */
  function accountOf(ref) {
    let account = accounts.get(ref.key);
    if (!account) {
      account = {
        key: ref.key,
        username: ref.username,
        userId: ref.userId,
        userHandle: randomBytes(16).toString('base64url'),
        passkeys: new Map(),
      };
      for (const seed of seeds.passkeys ?? []) if (seed.username === ref.username) seedPasskey(account, seed);
      const codes = (seeds.recoveryCodes ?? []).find((seed) => seed.username === ref.username);
      if (codes)
        account.recovery = {
          generatedAt: codes.generatedAt,
          codes: new Map(codes.codes.map((code, index) => [normaliseCode(code), index < (codes.used ?? 0)])),
        };
      accounts.set(ref.key, account);
    }
    account.userId ??= ref.userId;
    return account;
  }

  /** A ceremony begun: its id, bound to its challenge, expiring with the options' timeout. */
  function begin(kind, challenge, key) {
    const ceremonyId = `cer_${randomUUID().replace(/-/g, '')}`;
    ceremonies.set(ceremonyId, { kind, challenge, key, expiresAt: now() + CEREMONY_MS });
    // Ceremonies nobody finished: forget the oldest past ten thousand.
    while (ceremonies.size > 10_000) ceremonies.delete(ceremonies.keys().next().value);
    return ceremonyId;
  }

  /** The ceremony a request ends, used up whatever happens next; undefined when unknown, used, expired or of another kind. */
  function end(kind, ceremonyId) {
    const ceremony = ceremonies.get(ceremonyId);
    ceremonies.delete(ceremonyId);
    return ceremony && ceremony.kind === kind && ceremony.expiresAt > now() ? ceremony : undefined;
  }

  /** The origin the browser signed, when the mock accepts it (checked again by the library). */
  function originOf(credential) {
    try {
      const { origin } = decodeClientDataJSON(credential.response.clientDataJSON);
      return typeof origin === 'string' && originAllowed(origin) ? origin : undefined;
    } catch {
      return undefined;
    }
  }

  const view = ({ id, name, createdAt, lastUsedAt, deviceKind }) => ({ id, name, createdAt, lastUsedAt, deviceKind });

  // The demo accounts exist from the start: a passkey sign-in finds their passkeys before anyone signs in with a password.
  for (const { username } of [...(seeds.passkeys ?? []), ...(seeds.recoveryCodes ?? [])]) accountOf({ key: `user:${username}`, username });

  return {
    accountOf,

    /** @param {AccountRef} ref */
    async startPasskeyRegistration(ref) {
      const account = accountOf(ref);
      if (account.passkeys.size >= PASSKEYS_PER_ACCOUNT) return FAILURES.tooManyPasskeys;
      const options = await generateRegistrationOptions({
        rpName: 'Retirement plan portal',
        rpID,
        userName: String(account.username ?? account.userId ?? 'participant').slice(0, 64),
        userID: Buffer.from(account.userHandle, 'base64url'),
        attestationType: 'none',
        timeout: CEREMONY_MS,
        excludeCredentials: [...account.passkeys.values()].map(({ credential }) => ({
          id: credential.id,
          transports: credential.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { data: { ceremonyId: begin('registration', options.challenge, account.key), publicKey: options }, errors: [] };
    },

    /** @param {AccountRef} ref */
    async finishPasskeyRegistration(ref, { ceremonyId, name, credential }) {
      const ceremony = end('registration', ceremonyId);
      if (!ceremony || ceremony.key !== ref.key) return FAILURES.ceremony;
      const account = accountOf(ref);
      const origin = originOf(credential);
      if (!origin) return FAILURES.notVerified;
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: credential,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        return FAILURES.notVerified;
      }
      if (!verified.verified) return FAILURES.notVerified;
      const { credential: made, credentialBackedUp } = verified.registrationInfo;
      if (credentials.has(made.id)) return FAILURES.alreadyRegistered;
      if (account.passkeys.size >= PASSKEYS_PER_ACCOUNT) return FAILURES.tooManyPasskeys;
      const transports = made.transports ?? credential.response.transports ?? [];
      const passkey = {
        id: `pk_${randomBytes(6).toString('hex')}`,
        name,
        createdAt: iso(now()),
        lastUsedAt: null,
        deviceKind: deviceKindOf(transports, credentialBackedUp),
        counted: true,
        credential: { id: made.id, publicKey: made.publicKey, counter: made.counter, transports },
      };
      account.passkeys.set(passkey.id, passkey);
      credentials.set(made.id, { key: account.key, passkeyId: passkey.id });
      return { data: view(passkey), errors: [] };
    },

    /** @param {AccountRef} ref */
    listPasskeys(ref) {
      return { data: { passkeys: [...accountOf(ref).passkeys.values()].map(view) }, errors: [] };
    },

    /** @param {AccountRef} ref */
    renamePasskey(ref, passkeyId, { name }) {
      const passkey = accountOf(ref).passkeys.get(passkeyId);
      if (!passkey) return FAILURES.noPasskey;
      passkey.name = name;
      return { data: view(passkey), errors: [] };
    },

    /** @param {AccountRef} ref */
    removePasskey(ref, passkeyId) {
      const account = accountOf(ref);
      const passkey = account.passkeys.get(passkeyId);
      if (!passkey) return FAILURES.noPasskey;
      account.passkeys.delete(passkeyId);
      credentials.delete(passkey.credential.id);
      return { errors: [] };
    },

    async startPasskeySignIn() {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: [],
        timeout: CEREMONY_MS,
      });
      return { data: { ceremonyId: begin('sign-in', options.challenge, undefined), publicKey: options }, errors: [] };
    },

    /**
     * Verifies a passkey sign-in. Resolves to `{ account }` (who signed in, for the caller to
     * answer as a sign-in) or `{ failure }`.
     */
    async finishPasskeySignIn({ ceremonyId, credential }) {
      const ceremony = end('sign-in', ceremonyId);
      if (!ceremony) return { failure: FAILURES.ceremony };
      const owner = credentials.get(credential.id);
      const account = owner && accounts.get(owner.key);
      const passkey = account?.passkeys.get(owner.passkeyId);
      if (!passkey) return { failure: FAILURES.unknownCredential };
      const handle = credential.response.userHandle;
      const origin = originOf(credential);
      if (!origin || (handle && handle !== account.userHandle)) return { failure: FAILURES.notVerified };
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: credential,
          expectedChallenge: ceremony.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { ...passkey.credential, counter: passkey.counted ? passkey.credential.counter : 0 },
          requireUserVerification: true,
        });
      } catch {
        return { failure: FAILURES.notVerified };
      }
      if (!verified.verified) return { failure: FAILURES.notVerified };
      if (passkey.counted) passkey.credential.counter = verified.authenticationInfo.newCounter;
      passkey.lastUsedAt = iso(now());
      return { account };
    },

    /** @param {AccountRef} ref */
    generateRecoveryCodes(ref) {
      const account = accountOf(ref);
      const codes = new Set();
      while (codes.size < 10) codes.add(freshRecoveryCode());
      const generatedAt = iso(now());
      account.recovery = { generatedAt, codes: new Map([...codes].map((code) => [normaliseCode(code), false])) };
      return { data: { codes: [...codes], generatedAt }, errors: [] };
    },

    /** @param {AccountRef} ref */
    getRecoveryCodeStatus(ref) {
      const { recovery } = accountOf(ref);
      const remaining = recovery ? [...recovery.codes.values()].filter((used) => !used).length : 0;
      return { data: { remaining, generatedAt: recovery?.generatedAt ?? null }, errors: [] };
    },

    /**
     * A recovery code at the code step, its password already judged. Resolves to `{ account }`
     * (the code is used up) or `{ failure }`.
     * @param {AccountRef} ref
     */
    signInWithRecoveryCode(ref, { recoveryCode }) {
      const account = accountOf(ref);
      const codes = account.recovery?.codes;
      if (!codes || ![...codes.values()].includes(false)) return { failure: FAILURES.noCodes };
      const code = normaliseCode(recoveryCode);
      if (!codes.has(code)) return { failure: FAILURES.codeNotValid };
      if (codes.get(code)) return { failure: FAILURES.codeUsed };
      codes.set(code, true);
      return { account };
    },
  };
}

/** The origins the mock accepts: MOCK_WEBAUTHN_ORIGINS (comma-separated), else the local portal on any port. */
export const originsFromEnv = (env = process.env) =>
  (env.MOCK_WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
