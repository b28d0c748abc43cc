// The journeys a participant makes, as data: each step names its operation, builds its request
// from what earlier answers returned, says what it keeps for the next steps, and what the
// journey expects of its answer beyond the contract (which the kit's `check` judges). The runner
// walks a journey in order through an injected `send`, so the kit brings its own transport,
// cookies and reports. Journeys: sign-in with a one-time code through sign-out (a used code and a
// signed-out token must be refused), the profile phone change, the authenticator registration,
// and this contract's extensions: a passkey registered and signing in (a tampered, a replayed
// and an unverified assertion refused) and recovery codes (used once, counted, voided by a new
// set); the kit signs itself in with the same steps.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { listOperations } from './openapi-document.mjs';
import { authenticate, register, tampered } from './authenticator.mjs';
import { DEFAULT_CONTRACT_FILE } from './contract.mjs';
import { toCurl, toHttpRequest } from './request-generator.mjs';

/**
 * @typedef {import('./request-generator.mjs').HttpRequest} HttpRequest
 * @typedef {import('./transport.mjs').Answer} Answer
 * @typedef {import('./checks.mjs').Violation} Violation
 */

/**
 * @typedef {object} SequenceOptions What a journey needs from the person running it.
 * @property {string} [username] Signs in with basic auth (with `password`) when no `token` is given.
 * @property {string} [password]
 * @property {string} [token] A session token: the profile journeys use it instead of signing in.
 * @property {string} [userId] The signed-in user's id (taken from the sign-in answer otherwise).
 * @property {string} [securityAnswer] Answers the security question if the sign-in asks (AUERR01).
 * @property {string} [code] The one-time code to use (`--code`); else the code hook gives it.
 *   A fixed code serves every step that needs one, so the checks that a used code is refused
 *   run only with the hook.
 * @property {string} [codeHook] The gateway's test hook for one-time codes, a path relative to
 *   the gateway or an absolute URL (`/__mock/last-code` on the mock): `GET <hook>?username=NAME`
 *   (and `&userId=ID` once signed in) answers `{"code": "..."}`, the last code sent to that user.
 * @property {'sms' | 'call' | 'email' | 'totp'} [codeType] The method to ask a code by (the first offered otherwise).
 * @property {string} [phone] The national number for the phone change (2015550123).
 * @property {string} [authAppName] The authenticator app's name (`Authenticator app`).
 * @property {string} [origin] The portal's origin the passkey journey's software authenticator
 *   signs (`https://` and the RP ID of the options by default).
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
 * @property {string} [token] Another session's token instead (one the journey signed in with a
 *   passkey or a recovery code).
 */

/**
 * @typedef {object} SequenceStep
 * @property {string} name What the step does, for people.
 * @property {string} operationId
 * @property {(context: SequenceContext) => boolean} [when] Runs only when true (skipped otherwise).
 * @property {(context: SequenceContext) => StepRequest | Promise<StepRequest>} request
 * @property {(answer: ParsedAnswer, context: SequenceContext) => Violation[]} [expect] The journey's
 *   violations in the answer (rule `journey`). By default: a 2xx without business errors.
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
/** The status and the business errors of an answer, as a violation shows what it received. */
const statusOf = (answer) => `${answer.status}${codesOf(answer).length ? ` with ${codesOf(answer).join(', ')}` : ''}`;

/** A violation of what the journey expects. */
function journey(where, message, expected, received) {
  const pointer = where.startsWith('body ') ? where.slice(5) : undefined;
  return { rule: /** @type {const} */ ('journey'), where, ...(pointer !== undefined && { pointer }), message, expected, received };
}

/** A 2xx without business errors: what a step of a journey expects unless it says otherwise. */
export function expectSuccess(answer) {
  if (!ok(answer)) return [journey('status', 'not a success, where the journey needs one', 'a 2xx', statusOf(answer))];
  const codes = codesOf(answer);
  return codes.length ? [journey('body /errors', 'a business error, where the journey needs a success', 'no error', codes.join(', '))] : [];
}

const noToken = (answer, message) =>
  answer.json?.data?.token ? [] : [journey('body /data/token', message, 'a session token', `none (${statusOf(answer)})`)];

const lockedOut = (answer) => {
  const lockout = errorsOf(answer).find((item) => /attempts/i.test(String(item?.description ?? '')));
  return lockout ? `the account is locked out (${lockout.code}: ${lockout.description})` : undefined;
};

/**
 * The steps that sign in: basic auth, then the security question or a one-time code when asked.
 * The kit signs itself in with them too ({@link SIGN_IN_STEPS}).
 * @type {SequenceStep[]}
 */
const signInSteps = [
  {
    name: 'sign in with the password',
    operationId: 'authenticate',
    when: ({ options }) => options.token === undefined,
    request: () => ({ body: FINGERPRINT }),
    expect: (answer) => (ok(answer) ? [] : expectSuccess(answer)),
    blocked: (answer, { options }) => {
      const codes = codesOf(answer);
      if (codes.includes('AUERR01') && options.securityAnswer === undefined)
        return 'the sign-in asks the security question (AUERR01): give its answer';
      if (!answer.json?.data?.token && !codes.includes('AUERR05') && !codes.includes('AUERR01'))
        return `the gateway answered ${statusOf(answer)} and no token: check the username and password`;
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
    expect: (answer) => noToken(answer, 'the sign-in with the security answer gave no token'),
    blocked: lockedOut,
    keep: (answer, { values }) => {
      const codes = codesOf(answer);
      values.needsCode = codes.includes('AUERR05');
      if (answer.json?.data?.token) Object.assign(values, { token: answer.json.data.token, userId: answer.json.data.userId });
    },
  },
  {
    name: 'read the one-time-code options',
    operationId: 'getMfaOptions',
    when: ({ values }) => values.needsCode === true,
    request: ({ options }) => ({ body: { username: options.username } }),
    expect: (answer) => {
      const violations = expectSuccess(answer);
      return violations.length || answer.json?.data?.options?.length
        ? violations
        : [journey('body /data/options', 'no one-time-code option is offered', 'at least one option', '[]')];
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
    request: async ({ values, code }) => {
      values.signInCode = await code('sign-in');
      return { headers: { twilioMfaCode: values.signInCode, codeType: values.codeType }, body: FINGERPRINT };
    },
    expect: (answer) => noToken(answer, 'the sign-in with the code gave no token'),
    blocked: lockedOut,
    keep: (answer, { values }) => Object.assign(values, { token: answer.json?.data?.token, userId: answer.json?.data?.userId }),
  },
];

/**
 * The sign-in alone (basic auth, the security question or a one-time code when asked): how the
 * kit gets the session its other requests use.
 * @type {Sequence}
 */
export const SIGN_IN_STEPS = { name: 'sign-in', description: 'sign in as the person running the kit', steps: signInSteps };

/** Signs out at the end of a journey that signed in itself. */
const signOutStep = {
  name: 'sign out',
  operationId: 'logoutToLoginUrl',
  when: ({ options }) => options.token === undefined,
  request: () => ({}),
};

/**
 * (a) Sign in (basic auth), read the one-time-code options, send a code, sign in with it (the
 * code from `--code` or the hook), check that the used code no longer signs in, validate the
 * session, keep it alive, sign out, then check that the old token is refused: a 2xx to a
 * signed-out token is a violation.
 * @type {Sequence}
 */
export const SIGN_IN_SEQUENCE = {
  name: 'sign-in',
  description:
    'sign in with a one-time code, the used code refused, validate the session, keep it alive, sign out, and the old token is refused',
  steps: [
    ...signInSteps,
    {
      name: 'the used code no longer signs in',
      operationId: 'authenticate',
      // A fixed --code may be a test code the gateway always takes: only a code from the hook is known to be one-time.
      when: ({ options, values }) => values.signInCode !== undefined && options.code === undefined,
      request: ({ values }) => ({ headers: { twilioMfaCode: values.signInCode, codeType: values.codeType }, body: FINGERPRINT }),
      expect: (answer) =>
        answer.json?.data?.token
          ? [journey('body /data/token', 'a one-time code signs in a second time', 'no token: a code is good once', 'a session token')]
          : [],
    },
    {
      name: 'validate the session',
      operationId: 'validateSession',
      request: () => ({}),
      expect: (answer, { values }) => {
        if (!ok(answer)) return expectSuccess(answer);
        if (answer.json?.validated !== true)
          return [
            journey('body /validated', 'the new session is not validated', 'true', JSON.stringify(answer.json?.validated) ?? 'absent'),
          ];
        return values.userId !== undefined && answer.json.userId !== values.userId
          ? [
              journey(
                'body /userId',
                'the session names another user than the sign-in',
                JSON.stringify(values.userId),
                JSON.stringify(answer.json.userId) ?? 'absent',
              ),
            ]
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
      expect: (answer) =>
        REFUSED.includes(answer.status)
          ? []
          : [journey('status', 'a signed-out token is still accepted', '401, 403 or 440', statusOf(answer))],
    },
    {
      name: 'the signed-out session is not valid',
      operationId: 'validateSession',
      request: () => ({ auth: 'signed-out' }),
      expect: (answer) =>
        REFUSED.includes(answer.status) || (answer.status === 200 && answer.json?.validated === false)
          ? []
          : [
              journey(
                'status',
                'a signed-out session still counts as valid',
                '401, 403 or 440, or 200 with validated false',
                `${statusOf(answer)}${answer.json?.validated === true ? ', validated true' : ''}`,
              ),
            ],
    },
  ],
};

/**
 * (b) The profile phone change, as the spec's phone set-up: save the phone (type 30, not
 * verified, primary), choose text or voice, request a code, verify it (a second use of the code
 * must fail), mark the phone verified, then the option choices 9930 off (POST), 20 off (DELETE)
 * and 190 on (POST), and read 190 back.
 * @type {Sequence}
 */
export const PHONE_CHANGE_SEQUENCE = {
  name: 'phone-change',
  description:
    'save a phone, verify it with a code (a second use refused), mark it verified, switch multi-factor sign-in on (9930 off, 20 off, 190 on)',
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
      request: async ({ values, code }) => {
        values.phoneCode = await code('phone');
        return { body: { code: values.phoneCode, type: values.phoneCodeType } };
      },
      blocked: lockedOut,
    },
    {
      name: 'the used code is refused',
      operationId: 'verifyMfaCode',
      when: ({ options, values }) => values.phoneCode !== undefined && options.code === undefined,
      request: ({ values }) => ({ body: { code: values.phoneCode, type: values.phoneCodeType } }),
      expect: (answer) =>
        ok(answer) && codesOf(answer).length === 0
          ? [journey('status', 'a one-time code is accepted a second time', 'a refusal: an error listed, or a 4xx', statusOf(answer))]
          : [],
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
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const data = answer.json?.data;
        return data?.optionType === 190 && (data.active === true || data.optionValues?.isActive === true)
          ? []
          : [
              journey(
                'body /data',
                'option 190 does not read as active after it was switched on',
                'optionType 190, active true',
                (JSON.stringify(data) ?? 'absent').slice(0, 80),
              ),
            ];
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
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const uri = answer.json?.data?.uri;
        if (typeof uri !== 'string')
          return [journey('body /data/uri', 'the registration gave no otpauth URI', 'an otpauth://totp/ URI', 'absent')];
        // The URI holds the secret: never shown.
        return /^otpauth:\/\/totp\//.test(uri) && new URL(uri).searchParams.get('secret')
          ? []
          : [
              journey(
                'body /data/uri',
                'the registration gave no otpauth URI with a secret',
                'otpauth://totp/...?secret=...',
                'another URI',
              ),
            ];
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

/** A sign-in that must be refused: a token in the answer is the violation. */
const refusedSignIn = (message) => (answer) =>
  answer.json?.data?.token ? [journey('body /data/token', message, 'no token: refused', `a session token (${statusOf(answer)})`)] : [];

/** Whether the journey registered a passkey the gateway named. */
const hasPasskey = ({ values }) => values.passkeyId !== undefined;
/** Whether a sign-in ceremony was begun under `name`, and the journey holds a passkey to answer it with. */
const begun =
  (name) =>
  ({ values }) =>
    values[name]?.publicKey !== undefined && values.passkey !== undefined;

/** The step that begins a passkey sign-in, keeping its options under `name`. */
const beginPasskeySignIn = (name, keep) => ({
  name,
  operationId: 'startPasskeySignIn',
  request: () => ({}),
  expect: (answer) => {
    const violations = expectSuccess(answer);
    if (violations.length) return violations;
    const options = answer.json?.data?.publicKey;
    if (options?.userVerification !== 'required' || (options.allowCredentials ?? []).length)
      return [
        journey(
          'body /data/publicKey',
          'the sign-in options do not ask for any discoverable passkey with user verification',
          'userVerification required, allowCredentials empty',
          (JSON.stringify(options) ?? 'absent').slice(0, 120),
        ),
      ];
    return [];
  },
  keep: (answer, { values }) => {
    values[keep] = answer.json?.data;
  },
});

/** The request of a passkey sign-in: the ceremony begun under `begun`, an assertion of the journey's passkey. */
const passkeyAssertion =
  (begun, how = {}) =>
  ({ options, values }) => {
    const ceremony = values[begun];
    const credential = authenticate(ceremony.publicKey, values.passkey, { origin: options.origin, ...how });
    return { body: { ceremonyId: ceremony.ceremonyId, credential: how.tamper ? tampered(credential) : credential } };
  };

/**
 * (d) This contract's extension: register a passkey with the kit's software authenticator (an
 * ES256 key, a `none` attestation, the user verified), see it listed and rename it, sign in with
 * it (the answer a sign-in's, the new session valid), then check that the same assertion again,
 * a tampered one and one without user verification are refused; remove it, and it no longer
 * signs in.
 * @type {Sequence}
 */
export const PASSKEY_SEQUENCE = {
  name: 'passkey',
  description:
    'register a passkey (software authenticator), list and rename it, sign in with it; a replayed, a tampered and an unverified assertion refused; removed, it no longer signs in',
  steps: [
    ...signInSteps,
    {
      name: 'begin a passkey registration',
      operationId: 'startPasskeyRegistration',
      request: () => ({}),
      expect: (answer) => {
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const selection = answer.json?.data?.publicKey?.authenticatorSelection;
        return selection?.userVerification === 'required' && selection.residentKey === 'required'
          ? []
          : [
              journey(
                'body /data/publicKey/authenticatorSelection',
                'the registration does not ask for a discoverable passkey with user verification',
                'residentKey required, userVerification required',
                (JSON.stringify(selection) ?? 'absent').slice(0, 120),
              ),
            ];
      },
      blocked: (answer) => {
        const [first] = errorsOf(answer);
        return first?.code === 'PKERR06' ? `the account holds the most passkeys it may (${first.code})` : undefined;
      },
      keep: (answer, { values }) => {
        values.registration = answer.json?.data;
      },
    },
    {
      name: 'register the passkey',
      operationId: 'finishPasskeyRegistration',
      when: ({ values }) => values.registration?.publicKey !== undefined,
      request: ({ options, values }) => {
        const { credential, passkey } = register(values.registration.publicKey, { origin: options.origin });
        values.passkey = passkey;
        return { body: { ceremonyId: values.registration.ceremonyId, name: 'verify-gateway passkey', credential } };
      },
      keep: (answer, { values }) => {
        values.passkeyId = answer.json?.data?.id;
      },
    },
    {
      name: 'the passkey is listed',
      operationId: 'listPasskeys',
      when: hasPasskey,
      request: () => ({}),
      expect: (answer, { values }) => {
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const listed = (answer.json?.data?.passkeys ?? []).some((passkey) => passkey?.id === values.passkeyId);
        return listed ? [] : [journey('body /data/passkeys', 'the registered passkey is not listed', values.passkeyId, 'absent')];
      },
    },
    {
      name: 'rename the passkey',
      operationId: 'renamePasskey',
      when: hasPasskey,
      request: ({ values }) => ({ pathParams: { passkeyId: values.passkeyId }, body: { name: 'verify-gateway renamed' } }),
      expect: (answer) => {
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const name = answer.json?.data?.name;
        return name === 'verify-gateway renamed'
          ? []
          : [
              journey(
                'body /data/name',
                'the passkey does not carry its new name',
                '"verify-gateway renamed"',
                JSON.stringify(name) ?? 'absent',
              ),
            ];
      },
    },
    beginPasskeySignIn('begin a passkey sign-in', 'signIn'),
    {
      name: 'sign in with the passkey',
      operationId: 'finishPasskeySignIn',
      when: begun('signIn'),
      request: (context) => {
        const built = passkeyAssertion('signIn')(context);
        context.values.assertion = built.body;
        return built;
      },
      expect: (answer) => noToken(answer, 'the passkey sign-in gave no token'),
      keep: (answer, { values }) => {
        values.passkeyToken = answer.json?.data?.token;
      },
    },
    {
      name: 'the passkey session is valid',
      operationId: 'validateSession',
      when: ({ values }) => values.passkeyToken !== undefined,
      request: ({ values }) => ({ token: values.passkeyToken }),
      expect: (answer) =>
        ok(answer) && answer.json?.validated === true
          ? []
          : [journey('body /validated', 'the session of the passkey sign-in is not valid', 'true', statusOf(answer))],
    },
    {
      name: 'the same assertion again is refused',
      operationId: 'finishPasskeySignIn',
      when: ({ values }) => values.assertion !== undefined,
      request: ({ values }) => ({ body: values.assertion }),
      expect: refusedSignIn('a passkey assertion signs in a second time'),
    },
    beginPasskeySignIn('begin another passkey sign-in', 'tamperedSignIn'),
    {
      name: 'a tampered assertion is refused',
      operationId: 'finishPasskeySignIn',
      when: begun('tamperedSignIn'),
      request: passkeyAssertion('tamperedSignIn', { tamper: true }),
      expect: refusedSignIn('a passkey assertion with a tampered signature signs in'),
    },
    beginPasskeySignIn('begin another passkey sign-in', 'unverifiedSignIn'),
    {
      name: 'an assertion without user verification is refused',
      operationId: 'finishPasskeySignIn',
      when: begun('unverifiedSignIn'),
      request: passkeyAssertion('unverifiedSignIn', { userVerified: false }),
      expect: refusedSignIn('a passkey assertion without user verification signs in'),
    },
    {
      name: 'remove the passkey',
      operationId: 'removePasskey',
      when: hasPasskey,
      request: ({ values }) => ({ pathParams: { passkeyId: values.passkeyId } }),
    },
    beginPasskeySignIn('begin another passkey sign-in', 'removedSignIn'),
    {
      name: 'the removed passkey no longer signs in',
      operationId: 'finishPasskeySignIn',
      when: begun('removedSignIn'),
      request: passkeyAssertion('removedSignIn'),
      expect: refusedSignIn('a removed passkey still signs in'),
    },
    {
      name: 'sign out the passkey session',
      operationId: 'logoutToLoginUrl',
      when: ({ values }) => values.passkeyToken !== undefined,
      request: ({ values }) => ({ token: values.passkeyToken }),
    },
    signOutStep,
  ],
};

/** Whether the journey holds a set of recovery codes to use. */
const hasCodes = ({ values }) => values.recoveryCodes?.length >= 2;

/** A recovery-code sign-in with the code `pick` chooses from what the journey kept. */
const recoveryCodeSignIn = (pick) => (context) => ({ body: { recoveryCode: pick(context.values), fingerprint: FINGERPRINT } });

/** The step that reads how many recovery codes are left, expecting `count`. */
const recoveryCount = (name, count) => ({
  name,
  operationId: 'getRecoveryCodeStatus',
  request: () => ({}),
  expect: (answer) => {
    const violations = expectSuccess(answer);
    if (violations.length) return violations;
    const remaining = answer.json?.data?.remaining;
    return remaining === count
      ? []
      : [
          journey(
            'body /data/remaining',
            'the recovery codes left are not counted right',
            String(count),
            JSON.stringify(remaining) ?? 'absent',
          ),
        ];
  },
});

/**
 * (e) This contract's extension: generate 10 recovery codes, see 10 left, sign in with one in
 * place of a one-time code (basic auth, as at the code step), see 9 left and the same code
 * refused; generate a new set, and an unused code of the old set is refused while a new one
 * signs in.
 * @type {Sequence}
 */
export const RECOVERY_CODES_SEQUENCE = {
  name: 'recovery-codes',
  description:
    'generate 10 recovery codes, sign in with one (the count falls, the same code refused), generate a new set (the old codes refused)',
  steps: [
    ...signInSteps,
    {
      name: 'generate recovery codes',
      operationId: 'generateRecoveryCodes',
      request: () => ({}),
      expect: (answer) => {
        const violations = expectSuccess(answer);
        if (violations.length) return violations;
        const codes = answer.json?.data?.codes ?? [];
        return new Set(codes).size === 10
          ? []
          : [journey('body /data/codes', 'the set does not hold 10 different codes', '10', String(new Set(codes).size))];
      },
      keep: (answer, { values }) => {
        values.recoveryCodes = answer.json?.data?.codes ?? [];
      },
    },
    recoveryCount('10 recovery codes are left', 10),
    {
      name: 'sign in with a recovery code',
      operationId: 'signInWithRecoveryCode',
      when: hasCodes,
      request: recoveryCodeSignIn((values) => values.recoveryCodes[0]),
      expect: (answer) => noToken(answer, 'the sign-in with a recovery code gave no token'),
      blocked: lockedOut,
      keep: (answer, { values }) => {
        values.recoveryToken = answer.json?.data?.token;
      },
    },
    recoveryCount('9 recovery codes are left', 9),
    {
      name: 'the used recovery code is refused',
      operationId: 'signInWithRecoveryCode',
      when: hasCodes,
      request: recoveryCodeSignIn((values) => values.recoveryCodes[0]),
      expect: refusedSignIn('a recovery code signs in a second time'),
    },
    {
      name: 'generate a new set',
      operationId: 'generateRecoveryCodes',
      request: () => ({}),
      keep: (answer, { values }) => {
        values.newRecoveryCodes = answer.json?.data?.codes ?? [];
      },
    },
    {
      name: 'an unused code of the old set is refused',
      operationId: 'signInWithRecoveryCode',
      when: hasCodes,
      request: recoveryCodeSignIn((values) => values.recoveryCodes[1]),
      expect: refusedSignIn('a recovery code of a voided set still signs in'),
    },
    {
      name: 'a code of the new set signs in',
      operationId: 'signInWithRecoveryCode',
      when: ({ values }) => values.newRecoveryCodes?.length > 0,
      request: recoveryCodeSignIn((values) => values.newRecoveryCodes[0]),
      expect: (answer) => noToken(answer, 'the sign-in with a code of the new set gave no token'),
      keep: (answer, { values }) => {
        values.newRecoveryToken = answer.json?.data?.token;
      },
    },
    ...['recoveryToken', 'newRecoveryToken'].map((name) => ({
      name: 'sign out a recovery-code session',
      operationId: 'logoutToLoginUrl',
      when: ({ values }) => values[name] !== undefined,
      request: ({ values }) => ({ token: values[name] }),
    })),
    signOutStep,
  ],
};

/** Every journey, in the order the kit walks them. */
export const SEQUENCES = [SIGN_IN_SEQUENCE, PHONE_CHANGE_SEQUENCE, AUTHENTICATOR_SEQUENCE, PASSKEY_SEQUENCE, RECOVERY_CODES_SEQUENCE];

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
 * @property {'passed' | 'failed' | 'skipped' | 'blocked'} result skipped: the step is not needed
 *   on this path (no code asked); blocked: the journey could not go on (this step's answer, or
 *   an earlier one, stopped it), not a violation
 * @property {Violation[]} violations The kit's (from `check`) and the journey's.
 * @property {string} [reason] Why the journey was blocked.
 * @property {number | null} [status]
 * @property {HttpRequest} [request] The object `send` was given.
 * @property {string} [curl] The request as curl, secrets masked (with `options.baseUrl`).
 */

/**
 * @typedef {object} SequenceOutcome
 * @property {string} name
 * @property {'passed' | 'failed' | 'blocked'} result Failed on any violation; blocked when a
 *   step could not go on for a reason that is not a violation (the steps after it are blocked too).
 * @property {string} [reason] Why it was blocked.
 * @property {StepOutcome[]} steps
 * @property {{ token?: string, userId?: string }} session The session the journey ended with.
 */

/**
 * Walks a journey in order. Each request gets its credentials (basic auth on the sign-in, the
 * session's `X-Auth-Token` on signed-in calls), goes out through `send`, and its answer is
 * judged by the kit's `check` (the contract) and by the step's own expectation (the journey).
 * A failed step does not stop the journey unless a later step needs what it should have kept.
 * @param {Sequence} sequence
 * @param {object} io
 * @param {(request: HttpRequest) => Promise<Answer>} io.send
 * @param {(operationId: string, answer: Answer, request: HttpRequest) => Violation[] | Promise<Violation[]>} io.check
 *   the kit's verdict on an answer: violations, none when it conforms
 * @param {SequenceOptions} [io.options]
 * @param {object} [io.document] the bundle (the kit's default contract is read when absent)
 * @param {(step: StepOutcome) => void} [io.onStep] told of each step as it ends
 * @returns {Promise<SequenceOutcome>}
 */
export async function runSequence(sequence, { send, check, options = {}, document, onStep }) {
  const bundle = document ?? JSON.parse(readFileSync(DEFAULT_CONTRACT_FILE, 'utf8'));
  const byId = new Map(listOperations(bundle).map((entry) => [entry.operation.operationId, entry]));
  const values = { username: options.username, userId: options.userId, token: options.token };
  const securityOf = (operation) => (operation.security ?? bundle.security ?? []).flatMap((requirement) => Object.keys(requirement));
  /** @type {SequenceContext} */
  const context = {
    options,
    values,
    async code(purpose) {
      if (options.code !== undefined) return options.code;
      if (!options.codeHook)
        throw new Blocked(`a one-time code is needed (${purpose}): give a code, or the gateway's code hook that gives the last one sent`);
      const query = new URLSearchParams(
        Object.entries({ username: values.username, userId: values.userId }).filter(([, value]) => value !== undefined),
      );
      const url = `${options.codeHook}${options.codeHook.includes('?') ? '&' : '?'}${query}`;
      const answer = await send({ operationId: 'codeHook', method: 'GET', url, headers: { Accept: 'application/json' } });
      const code = parseJson(answer)?.code;
      if (answer.status !== 200 || typeof code !== 'string')
        throw new Blocked(`the code hook gave no code (${answer.status ?? answer.failure}) for ${purpose}`);
      return code;
    },
  };
  /** @type {StepOutcome[]} */
  const steps = [];
  const record = (outcome) => {
    steps.push(outcome);
    onStep?.(outcome);
  };
  let blocked;
  for (const step of sequence.steps) {
    const entry = byId.get(step.operationId);
    if (!entry) throw new Error(`${sequence.name}: the contract has no operation ${step.operationId}`);
    const named = { name: step.name, operationId: step.operationId };
    if (blocked) {
      record({ ...named, result: 'blocked', violations: [], reason: blocked });
      continue;
    }
    if (step.when && !step.when(context)) {
      record({ ...named, result: 'skipped', violations: [] });
      continue;
    }
    let built;
    try {
      built = await step.request(context);
    } catch (error) {
      if (!(error instanceof Blocked)) throw error;
      blocked = error.message;
      record({ ...named, result: 'blocked', violations: [], reason: blocked });
      continue;
    }
    const security = securityOf(entry.operation);
    const credentials = {};
    if (security.includes('basicAuth'))
      credentials.Authorization = `Basic ${Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`, 'utf8').toString('base64')}`;
    const token = built.token ?? (built.auth === 'signed-out' ? values.signedOut : built.auth === 'none' ? undefined : values.token);
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
    const sent = {
      ...named,
      request,
      ...(options.baseUrl && { curl: toCurl(options.baseUrl, request, [options.password ?? '', token ?? ''].filter(Boolean)) }),
    };
    let answer;
    try {
      answer = await send(request);
    } catch (error) {
      const message = `no answer: ${error instanceof Error ? error.message : String(error)}`;
      record({ ...sent, status: null, result: 'failed', violations: [{ rule: 'transport', where: 'connection', message }] });
      continue;
    }
    const parsed = { ...answer, json: parseJson(answer) };
    const violations = await check(step.operationId, answer, request);
    if (answer.status === null) {
      // No answer: the kit's check says why; the journey has nothing to judge or keep.
      record({ ...sent, status: null, result: 'failed', violations });
      continue;
    }
    // Throttled: the contract allows it (check judges its shape), the journey cannot go on.
    const reason =
      answer.status === 429
        ? `the gateway throttles ${step.operationId} (429, Retry-After: ${answer.headers['retry-after'] ?? 'none'})`
        : step.blocked?.(parsed, context);
    step.keep?.(parsed, context);
    if (reason) {
      // Not the gateway's fault (an account locked): the journey stops, the contract still holds.
      blocked = reason;
      record({ ...sent, status: answer.status, result: violations.length ? 'failed' : 'blocked', violations, reason });
      continue;
    }
    const all = [...violations, ...(step.expect ?? expectSuccess)(parsed, context)];
    record({ ...sent, status: answer.status, result: all.length ? 'failed' : 'passed', violations: all });
  }
  const failed = steps.some((step) => step.result === 'failed');
  return {
    name: sequence.name,
    result: failed ? 'failed' : blocked ? 'blocked' : 'passed',
    ...(blocked && { reason: blocked }),
    steps,
    session: { token: values.token, userId: values.userId },
  };
}

/** A reason a journey cannot go on that is not a violation (a code nobody can give). */
class Blocked extends Error {}

/** The answer's body as JSON, or undefined. */
function parseJson(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
