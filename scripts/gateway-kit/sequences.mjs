// The journeys a participant makes, as data: each step names its operation, builds its request
// from what earlier answers returned, says what it keeps for the next steps, and what the
// journey expects of its answer beyond the contract (which the kit's `check` judges). The runner
// walks a journey in order through an injected `send`, so the kit brings its own transport,
// cookies and reports. Journeys: sign-in with a one-time code through sign-out (a signed-out
// token must be refused), the profile phone change, and the authenticator registration.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { listOperations } from '../openapi-document.mjs';
import { SECRET_FIELDS, SECRET_HEADERS, toCurl, toHttpRequest } from './request-generator.mjs';

/** A journey's one-time codes are real: masked in its curl commands too. */
const JOURNEY_SECRETS = { secretHeaders: [...SECRET_HEADERS, 'twiliomfacode'], secretFields: [...SECRET_FIELDS, 'code', 'mfaCode'] };

/**
 * @typedef {import('./request-generator.mjs').HttpRequest} HttpRequest
 * @typedef {import('./request-generator.mjs').Answer} Answer
 */

/**
 * @typedef {object} SequenceOptions What a journey needs from the person running it.
 * @property {string} [username] Signs in with basic auth (with `password`) when no `token` is given.
 * @property {string} [password]
 * @property {string} [token] A session token: the profile journeys use it instead of signing in.
 * @property {string} [userId] The signed-in user's id (taken from the sign-in answer otherwise).
 * @property {string} [securityAnswer] Answers the security question if the sign-in asks (AUERR01).
 * @property {string} [code] The one-time code to use (`--code`); else the code hook gives it.
 * @property {string} [codeHook] The path of the gateway's test hook for one-time codes
 *   (`/__mock/last-code` on the mock): `GET <hook>?username=NAME` or `?userId=ID` answers `{"code": "..."}`.
 * @property {'sms' | 'call' | 'email' | 'totp'} [codeType] The method to ask a code by (the first offered otherwise).
 * @property {string} [phone] The national number for the phone change (2015550123).
 * @property {string} [authAppName] The authenticator app's name (`Authenticator app`).
 * @property {string} [baseUrl] Prints each request as curl against this base.
 * @property {number} [now] The clock for TOTP codes (ms since the epoch; Date.now()).
 */

/**
 * @typedef {object} SequenceContext What a journey carries from step to step.
 * @property {SequenceOptions} options
 * @property {Record<string, any>} values What steps kept: token, userId, username, options, uri, ...
 * @property {(purpose: string) => Promise<string>} code The one-time code: `options.code`, else the hook.
 */

/**
 * @typedef {object} StepRequest A step's request, before credentials are added.
 * @property {Record<string, string>} [pathParams]
 * @property {[string, string][]} [query]
 * @property {Record<string, string>} [headers]
 * @property {unknown} [body] JSON
 * @property {'session' | 'signed-out' | 'none'} [auth] Which token goes as X-Auth-Token on a
 *   signed-in call: the session's (default), the one signed out, or none.
 */

/**
 * @typedef {object} SequenceStep
 * @property {string} name What the step does, for people.
 * @property {string} operationId
 * @property {(context: SequenceContext) => boolean} [when] Runs only when true (skipped otherwise).
 * @property {(context: SequenceContext) => StepRequest | Promise<StepRequest>} request
 * @property {(answer: ParsedAnswer, context: SequenceContext) => string[]} [expect] The journey's
 *   problems with the answer (a violation). By default: a 2xx without business errors.
 * @property {(answer: ParsedAnswer, context: SequenceContext) => string | undefined} [blocked] A
 *   reason the journey cannot go on that is not the gateway's fault (an account locked, a device
 *   already registered): the journey stops there, reported as blocked, not failed.
 * @property {(answer: ParsedAnswer, context: SequenceContext) => void} [keep] Carries values on.
 */

/**
 * @typedef {object} Sequence
 * @property {string} name
 * @property {string} description
 * @property {SequenceStep[]} steps
 */

/** @typedef {Answer & { json: any }} ParsedAnswer An answer with its JSON body parsed (undefined when not JSON). */

const FINGERPRINT = 'gateway-kit-sequence';
const ok = (answer) => answer.status >= 200 && answer.status < 300;
const errorsOf = (answer) => (Array.isArray(answer.json?.errors) ? answer.json.errors : []);
const codesOf = (answer) => errorsOf(answer).map((item) => item?.code);
const REFUSED = [401, 403, 440];

/** A 2xx without business errors: what a step of a journey expects unless it says otherwise. */
export function expectSuccess(answer) {
  if (!ok(answer)) return [`expected a success, got ${answer.status}`];
  const errors = errorsOf(answer);
  return errors.length ? [`expected a success, got the business error ${errors.map((item) => item?.code).join(', ')}`] : [];
}

const lockedOut = (answer) => {
  const lockout = errorsOf(answer).find((item) => /attempts/i.test(String(item?.description ?? '')));
  return lockout ? `the account is locked out (${lockout.code}: ${lockout.description})` : undefined;
};

/** The steps that sign in: basic auth, then the security question or a one-time code when asked. */
const signInSteps = [
  {
    name: 'sign in (basic auth)',
    operationId: 'authenticate',
    when: ({ options }) => options.token === undefined,
    request: () => ({ body: FINGERPRINT }),
    expect: (answer) => {
      if (!ok(answer)) return [`expected a success, got ${answer.status}`];
      const codes = codesOf(answer);
      if (answer.json?.data?.token || codes.includes('AUERR05') || codes.includes('AUERR01')) return [];
      return [`the sign-in gave neither a token nor AUERR01/AUERR05${codes.length ? ` (${codes.join(', ')})` : ''}`];
    },
    blocked: (answer, { options }) => {
      const codes = codesOf(answer);
      if (codes.includes('AUERR01') && options.securityAnswer === undefined)
        return 'the sign-in asks the security question (AUERR01): give its answer';
      if (ok(answer) && !answer.json?.data?.token && !codes.includes('AUERR05') && !codes.includes('AUERR01'))
        return `the sign-in was refused (${codes.join(', ') || 'no token'}): check the username and password`;
      return undefined;
    },
    keep: (answer, { values }) => {
      const codes = codesOf(answer);
      values.needsCode = codes.includes('AUERR05');
      values.needsAnswer = codes.includes('AUERR01');
      if (answer.json?.data?.token) Object.assign(values, { token: answer.json.data.token, userId: answer.json.data.userId });
    },
  },
  {
    name: 'answer the security question',
    operationId: 'authenticate',
    when: ({ values }) => values.needsAnswer === true,
    // Percent-encoded as UTF-8, as the contract's Securityanswer header says.
    request: ({ options }) => ({ headers: { Securityanswer: encodeURIComponent(options.securityAnswer ?? '') }, body: FINGERPRINT }),
    expect: (answer) => (answer.json?.data?.token ? [] : [`the answered sign-in gave no token (${answer.status})`]),
    blocked: lockedOut,
    keep: (answer, { values }) => Object.assign(values, { token: answer.json?.data?.token, userId: answer.json?.data?.userId }),
  },
  {
    name: 'read the one-time-code options',
    operationId: 'getMfaOptions',
    when: ({ values }) => values.needsCode === true,
    request: ({ options }) => ({ body: { username: options.username } }),
    expect: (answer) => {
      const problems = expectSuccess(answer);
      return problems.length || answer.json?.data?.options?.length ? problems : ['no one-time-code option is offered'];
    },
    keep: (answer, { options, values }) => {
      const offered = (answer.json?.data?.options ?? []).map((option) => option.type);
      values.codeType = options.codeType ?? offered.find((type) => type !== 'totp') ?? offered[0];
    },
  },
  {
    name: 'send a code',
    operationId: 'requestMfaCode',
    when: ({ values }) => values.needsCode === true && values.codeType !== 'totp',
    request: ({ options, values }) => ({ body: { type: values.codeType, username: options.username } }),
    blocked: lockedOut,
  },
  {
    name: 'sign in with the code',
    operationId: 'authenticate',
    when: ({ values }) => values.needsCode === true,
    request: async ({ values, code }) => ({
      headers: { twilioMfaCode: await code('sign-in'), codeType: values.codeType },
      body: FINGERPRINT,
    }),
    expect: (answer) =>
      answer.json?.data?.token
        ? []
        : [`the sign-in with the code gave no token (${answer.status}${codesOf(answer).length ? `, ${codesOf(answer).join(', ')}` : ''})`],
    blocked: lockedOut,
    keep: (answer, { values }) => Object.assign(values, { token: answer.json?.data?.token, userId: answer.json?.data?.userId }),
  },
];

/** Signs out at the end of a journey that signed in itself. */
const signOutStep = {
  name: 'sign out',
  operationId: 'logoutToLoginUrl',
  when: ({ options }) => options.token === undefined,
  request: () => ({}),
};

/**
 * (a) Sign in (basic auth), read the one-time-code options, send a code, sign in with it (the
 * code from `--code` or the hook), validate the session, keep it alive, sign out, then check
 * that the old token is refused: a 2xx to a signed-out token is a violation.
 * @type {Sequence}
 */
export const SIGN_IN_SEQUENCE = {
  name: 'sign-in',
  description: 'sign in with a one-time code, validate the session, keep it alive, sign out, and the old token is refused',
  steps: [
    ...signInSteps,
    {
      name: 'validate the session',
      operationId: 'validateSession',
      request: () => ({}),
      expect: (answer, { values }) => {
        if (!ok(answer)) return [`expected a success, got ${answer.status}`];
        if (answer.json?.validated !== true) return ['the new session is not validated'];
        return values.userId !== undefined && answer.json.userId !== values.userId
          ? [`the session names user ${answer.json.userId}, the sign-in ${values.userId}`]
          : [];
      },
    },
    { name: 'keep the session alive', operationId: 'keepAlive', request: () => ({}) },
    {
      name: 'sign out',
      operationId: 'logoutToLoginUrl',
      request: () => ({}),
      keep: (_, { values }) => {
        values.signedOut = values.token;
      },
    },
    {
      name: 'keep-alive with the signed-out token is refused',
      operationId: 'keepAlive',
      request: () => ({ auth: 'signed-out' }),
      expect: (answer) => (REFUSED.includes(answer.status) ? [] : [`a signed-out token got ${answer.status}: expected 401, 403 or 440`]),
    },
    {
      name: 'the signed-out session is not valid',
      operationId: 'validateSession',
      request: () => ({ auth: 'signed-out' }),
      expect: (answer) =>
        REFUSED.includes(answer.status) || (answer.status === 200 && answer.json?.validated === false)
          ? []
          : [
              `a signed-out token got ${answer.status}${answer.json?.validated === true ? ' validated' : ''}: expected 401, 403, 440 or validated false`,
            ],
    },
  ],
};

/**
 * (b) The profile phone change, as the spec's phone set-up: save the phone (type 30, not
 * verified, primary), choose text or voice, request a code, verify it, mark the phone verified,
 * then the option choices 9930 off (POST), 20 off (DELETE) and 190 on (POST), and read 190 back.
 * @type {Sequence}
 */
export const PHONE_CHANGE_SEQUENCE = {
  name: 'phone-change',
  description: 'save a phone, verify it with a code, mark it verified, switch multi-factor sign-in on (9930 off, 20 off, 190 on)',
  steps: [
    ...signInSteps,
    {
      name: 'save the phone',
      operationId: 'savePhone',
      request: ({ options }) => ({
        body: {
          type: 30,
          number: options.phone ?? '2015550123',
          countryCode: '1',
          extension: '',
          preferred: true,
          smsEnabled: true,
          verified: false,
        },
      }),
    },
    {
      name: 'request a code by text or call',
      operationId: 'requestUserMfaCode',
      request: ({ options, values }) => {
        values.phoneCodeType = options.codeType === 'call' ? 'call' : 'sms';
        return { pathParams: { userId: values.userId }, body: { type: values.phoneCodeType } };
      },
      blocked: lockedOut,
    },
    {
      name: 'verify the code',
      operationId: 'verifyMfaCode',
      request: async ({ values, code }) => ({ body: { code: await code('phone'), type: values.phoneCodeType } }),
      blocked: lockedOut,
    },
    { name: 'mark the phone verified', operationId: 'markPhoneVerified', request: () => ({ body: { type: 30 } }) },
    { name: 'adoption off (9930)', operationId: 'saveOptionChoice', request: () => ({ body: { optionType: 9930, active: false } }) },
    {
      name: 'text-message codes off (20)',
      operationId: 'deleteOptionChoice',
      request: () => ({ body: { optionType: 20, active: false } }),
    },
    {
      name: 'multi-factor sign-in on (190)',
      operationId: 'saveOptionChoice',
      request: () => ({ body: { optionType: 190, active: true } }),
    },
    {
      name: 'multi-factor sign-in reads as on (190)',
      operationId: 'getOptionChoice',
      request: () => ({ query: [['type', '190']] }),
      expect: (answer) => {
        const problems = expectSuccess(answer);
        if (problems.length) return problems;
        const data = answer.json?.data;
        return data?.optionType === 190 && (data.active === true || data.optionValues?.isActive === true)
          ? []
          : ['option 190 does not read as active after it was switched on'];
      },
    },
    signOutStep,
  ],
};

/**
 * (c) The authenticator registration: register (the answer's otpauth URI), then verify the
 * registration with a code and the app's name. The code is `--code`, else computed from the
 * URI's secret as the app would (RFC 6238).
 * @type {Sequence}
 */
export const AUTHENTICATOR_SEQUENCE = {
  name: 'authenticator',
  description: 'register an authenticator app (otpauth URI), verify the registration with its code and name',
  steps: [
    ...signInSteps,
    {
      name: 'register an authenticator app',
      operationId: 'registerTotp',
      request: () => ({}),
      expect: (answer) => {
        const problems = expectSuccess(answer);
        if (problems.length) return problems;
        const uri = answer.json?.data?.uri;
        return typeof uri === 'string' && /^otpauth:\/\/totp\//.test(uri) && new URL(uri).searchParams.get('secret')
          ? []
          : [`the registration gave no otpauth URI with a secret: ${JSON.stringify(uri)}`];
      },
      blocked: (answer) => {
        const [first] = errorsOf(answer);
        return first && /verified device/i.test(String(first.description ?? ''))
          ? `the account already has a verified device (${first.code})`
          : undefined;
      },
      keep: (answer, { values }) => {
        values.uri = answer.json?.data?.uri;
      },
    },
    {
      name: 'verify the registration',
      operationId: 'verifyTotpRegistration',
      request: ({ options, values }) => ({
        body: {
          code: options.code ?? totpFromUri(values.uri, options.now ?? Date.now()),
          authAppName: options.authAppName ?? 'Authenticator app',
        },
      }),
    },
    signOutStep,
  ],
};

/** Every journey, in the order the kit walks them. */
export const SEQUENCES = [SIGN_IN_SEQUENCE, PHONE_CHANGE_SEQUENCE, AUTHENTICATOR_SEQUENCE];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (what otpauth secrets are), ignoring padding, spaces and case. */
export function base32Decode(text) {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The time-based one-time code of RFC 6238 (HOTP of RFC 4226 over the time step), as an
 * authenticator app computes it.
 * @param {Buffer} key
 * @param {{ now?: number, period?: number, digits?: number, algorithm?: string }} [options]
 */
export function totp(key, { now = Date.now(), period = 30, digits = 6, algorithm = 'sha1' } = {}) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period)));
  const mac = createHmac(algorithm, key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The current code of an `otpauth://totp/...?secret=...` URI (its algorithm, digits and period honoured). */
export function totpFromUri(uri, now = Date.now()) {
  const params = new URL(uri).searchParams;
  const secret = params.get('secret');
  if (!secret) throw new Error('the otpauth URI has no secret');
  return totp(base32Decode(secret), {
    now,
    period: Number(params.get('period') ?? 30),
    digits: Number(params.get('digits') ?? 6),
    algorithm: (params.get('algorithm') ?? 'SHA1').toLowerCase(),
  });
}

/**
 * @typedef {object} StepOutcome
 * @property {string} name
 * @property {string} operationId
 * @property {'passed' | 'failed' | 'skipped' | 'blocked'} result
 * @property {string[]} problems The kit's violations (from `check`) and the journey's.
 * @property {number} [status]
 * @property {HttpRequest} [request]
 * @property {string} [curl] The request as curl, secrets masked (with `options.baseUrl`).
 */

/**
 * @typedef {object} SequenceOutcome
 * @property {string} name
 * @property {'passed' | 'failed' | 'blocked'} result Failed on any violation; blocked when a
 *   step could not go on for a reason that is not a violation (the steps after it are skipped).
 * @property {string} [reason] Why it was blocked.
 * @property {StepOutcome[]} steps
 */

/**
 * Walks a journey in order. Each request gets its credentials (basic auth on the sign-in, the
 * session's `X-Auth-Token` on signed-in calls), goes out through `send`, and its answer is
 * judged by the kit's `check` (the contract) and by the step's own expectation (the journey).
 * A failed step does not stop the journey unless a later step needs what it should have kept.
 * @param {Sequence} sequence
 * @param {object} io
 * @param {(request: HttpRequest) => Promise<Answer>} io.send
 * @param {(operationId: string, answer: Answer, request: HttpRequest) => string[] | Promise<string[]>} io.check
 *   the kit's verdict on an answer: violations, none when it conforms
 * @param {SequenceOptions} [io.options]
 * @param {object} [io.document] the bundle (generated/openapi.json is read when absent)
 * @returns {Promise<SequenceOutcome>}
 */
export async function runSequence(sequence, { send, check, options = {}, document }) {
  const bundle = document ?? JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));
  const byId = new Map(listOperations(bundle).map((entry) => [entry.operation.operationId, entry]));
  const values = { username: options.username, userId: options.userId, token: options.token };
  const securityOf = (operation) => (operation.security ?? bundle.security ?? []).flatMap((requirement) => Object.keys(requirement));
  /** @type {SequenceContext} */
  const context = {
    options,
    values,
    async code(purpose) {
      if (options.code !== undefined) return options.code;
      if (!options.codeHook) throw new Blocked(`a one-time code is needed (${purpose}): give one, or the gateway's code hook`);
      const query =
        values.username !== undefined
          ? `username=${encodeURIComponent(values.username)}`
          : `userId=${encodeURIComponent(values.userId ?? '')}`;
      const answer = await send({ operationId: 'codeHook', method: 'GET', url: `${options.codeHook}?${query}`, headers: {} });
      const code = parseJson(answer.text)?.code;
      if (answer.status !== 200 || typeof code !== 'string') throw new Blocked(`the code hook gave no code (${answer.status})`);
      return code;
    },
  };
  /** @type {StepOutcome[]} */
  const steps = [];
  let blocked;
  for (const step of sequence.steps) {
    const entry = byId.get(step.operationId);
    if (!entry) throw new Error(`${sequence.name}: the contract has no operation ${step.operationId}`);
    if (blocked || (step.when && !step.when(context))) {
      steps.push({ name: step.name, operationId: step.operationId, result: 'skipped', problems: [] });
      continue;
    }
    let built;
    try {
      built = await step.request(context);
    } catch (error) {
      if (!(error instanceof Blocked)) throw error;
      blocked = error.message;
      steps.push({ name: step.name, operationId: step.operationId, result: 'blocked', problems: [error.message] });
      continue;
    }
    const security = securityOf(entry.operation);
    const credentials = {};
    if (security.includes('basicAuth'))
      credentials.Authorization = `Basic ${Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`, 'utf8').toString('base64')}`;
    const token = built.auth === 'signed-out' ? values.signedOut : built.auth === 'none' ? undefined : values.token;
    if (security.includes('authToken') && token !== undefined) credentials['X-Auth-Token'] = token;
    const request = toHttpRequest(
      entry,
      {
        operationId: step.operationId,
        method: entry.method,
        pathParams: built.pathParams ?? {},
        query: built.query ?? [],
        headers: { ...built.headers, ...(built.body !== undefined && { 'Content-Type': 'application/json' }) },
        ...(built.body !== undefined && { body: built.body }),
      },
      credentials,
    );
    const outcome = {
      name: step.name,
      operationId: step.operationId,
      request,
      ...(options.baseUrl && { curl: toCurl(options.baseUrl, request, JOURNEY_SECRETS) }),
    };
    let answer;
    try {
      answer = await send(request);
    } catch (error) {
      steps.push({ ...outcome, result: 'failed', problems: [`no answer: ${error instanceof Error ? error.message : String(error)}`] });
      continue;
    }
    const parsed = { ...answer, json: parseJson(answer.text) };
    const violations = await check(step.operationId, answer, request);
    // Throttled: the contract allows it (check judges its shape), the journey cannot go on.
    const reason =
      answer.status === 429
        ? `the gateway throttles ${step.operationId} (429, Retry-After: ${answer.headers['retry-after'] ?? 'none'})`
        : step.blocked?.(parsed, context);
    step.keep?.(parsed, context);
    if (reason) {
      // Not the gateway's fault (an account locked): the journey stops, the contract still holds.
      blocked = reason;
      steps.push({
        ...outcome,
        status: answer.status,
        result: violations.length ? 'failed' : 'blocked',
        problems: [...violations, reason],
      });
      continue;
    }
    const problems = [...violations, ...(step.expect ?? expectSuccess)(parsed, context)];
    steps.push({ ...outcome, status: answer.status, result: problems.length ? 'failed' : 'passed', problems });
  }
  const failed = steps.some((step) => step.result === 'failed');
  return { name: sequence.name, result: failed ? 'failed' : blocked ? 'blocked' : 'passed', ...(blocked && { reason: blocked }), steps };
}

/** A reason a journey cannot go on that is not a violation (a code nobody can give). */
class Blocked extends Error {}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
