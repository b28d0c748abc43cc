// A run of the kit: a session with the gateway (base URL, limits, token, cookies, secrets), one
// exchange per request (send, check, make the report's row), and the run itself: the sign-ins,
// the journeys, the contract's named examples with who may call them (src/access.mjs), the same
// answers (src/same-answer.mjs), the generated requests, the throttling (src/limits.mjs), the
// operations that end the session last.
import { randomBytes } from 'node:crypto';
import { parseString as parseSetCookie } from 'set-cookie-parser';
import { accessRows, authRows, identityRow, keyedLeaves, needsSession, OWN_PARAMETERS } from './access.mjs';
import { answerJson, checkAnswer, describeViolation } from './checks.mjs';
import { acceptOf, exampleRequests, securityOf } from './contract.mjs';
import { keepEvidence } from './evidence.mjs';
import { resolveRef } from './openapi-document.mjs';
import { probeLimit, throttledViolations, waitOf, withWrongSecrets } from './limits.mjs';
import { compareAnswers, fieldOf, withField } from './same-answer.mjs';
import { curlOf, maskSecrets } from './redact.mjs';
import { createJudge, fuzzOperation } from './request-generator.mjs';
import { runSequence, SEQUENCES, SIGN_IN_STEPS } from './sequences.mjs';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, sendRequest } from './transport.mjs';

/** Operations that end the session run last, so the others still have it. */
const ENDS_SESSION = new Set(['getLogoutPage', 'logoutToLoginUrl']);
export const NOT_SELECTED_SIDE_EFFECTS = 'side effects: runs with --all';
export const NOT_SELECTED_ONLY = 'not in --only';
export const NOT_SELECTED_JOURNEY = 'a journey, with side effects: runs with --all or --sequences';

/**
 * @typedef {object} RunOptions
 * @property {string} gateway the base URL
 * @property {string} [token] an X-Auth-Token for the signed-in calls
 * @property {string} [user] sign in first with these credentials (and the journeys sign in with them)
 * @property {string} [password]
 * @property {string} [securityAnswer] the answer to the security question, when the sign-in asks it
 * @property {string} [code] the one-time code for every step that needs one
 * @property {string} [codeHook] the gateway's test hook that gives the last code sent
 * @property {string} [origin] the portal's origin the passkey journey's software authenticator signs
 * @property {Record<string, string>} [params] path and query values instead of the contract's examples
 * @property {boolean} [all] also the operations with side effects, and every journey
 * @property {string[] | null} [only] only these operations
 * @property {string[] | null} [sequences] these journeys (every one with `all`)
 * @property {number} [fuzz] generated requests per operation, valid and invalid each (none when absent)
 * @property {number} [seed] the seed of the generated requests
 * @property {number} [workers] operations whose generated requests are sent at once (1)
 * @property {number} [timeoutMs]
 * @property {number} [maxBodyBytes]
 * @property {string} [user2] a second test account: another user's ids and data for the object-level checks
 * @property {string} [password2]
 * @property {boolean} [probeLimits] send each throttled operation's declared attempts and one more (it locks a test account)
 * @property {string} [limitsResetHook] the gateway's test hook that lifts every throttle (POST), a path on the gateway or a URL
 * @property {number} [sameAnswerTries] tries of the known and of the unknown identifier (5)
 * @property {number} [sameAnswerToleranceMs] the least difference of their median times that fails (150)
 */

/**
 * @typedef {object} Session what every request of a run shares
 * @property {import('./contract.mjs').Contract} contract
 * @property {URL} base the gateway
 * @property {{ timeoutMs: number, maxBodyBytes: number }} limits
 * @property {Map<string, string>} cookies the cookies the gateway set, sent back like a browser would
 * @property {string | undefined} token the X-Auth-Token, from --token or the sign-in
 * @property {string | undefined} basic the basic-auth header value, from --user and --password
 * @property {Record<string, string>} params
 * @property {string[]} secrets values masked wherever the kit prints them
 */

/** @returns {Session} */
export function createSession(contract, options) {
  const basic =
    options.user === undefined ? undefined : `Basic ${Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64')}`;
  return {
    contract,
    base: new URL(options.gateway),
    limits: { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
    cookies: new Map(),
    token: options.token,
    basic,
    params: { ...options.params },
    secrets: [options.token, options.password, options.password2, basic, options.securityAnswer, options.code].filter(
      (value) => typeof value === 'string',
    ),
  };
}

/**
 * @typedef {object} Row one request of the report, or one property of generated requests
 * @property {string} operationId
 * @property {string} tag the operation's first tag
 * @property {'example' | 'sign-in' | 'sequence' | 'fuzz' | 'auth' | 'access' | 'same-answer' | 'throttling'} kind
 *   `example`: a named example of the contract; `sign-in`: the kit signing in; `sequence`: a step
 *   of a journey; `fuzz`: the generated valid or invalid requests of an operation (one row each,
 *   the smallest failing one when they fail); `auth`: a call without a valid token (no token, a
 *   made-up, altered or signed-out one, the token in a cookie or the query), which must get 401;
 *   `access`: user 1 calling with another user's id (404 expected), or user 2's own answer (not
 *   user 1's); `same-answer`: a known and an unknown identifier, several tries each, compared;
 *   `throttling`: the declared attempts and one more (429 expected)
 * @property {string | null} example which request: the named example, the step, `valid requests`...
 * @property {string} [sequence] the journey a `sequence` row belongs to
 * @property {string} method
 * @property {string} path the path and query sent, secrets masked (the path template for a row that sent nothing)
 * @property {number | null} status
 * @property {number} [ms]
 * @property {'passed' | 'failed' | 'skipped' | 'not selected'} result skipped: could not be exercised;
 *   not selected: left out on purpose (side effects without --all, not in --only)
 * @property {import('./checks.mjs').Violation[]} violations
 * @property {string} [note] a business error beside a pass, why a row was skipped or not
 *   selected, what the generated requests got or broke
 * @property {string} [curl] the request as a curl command, secrets masked
 * @property {import('./evidence.mjs').StoredRequest} [request] a failed row's request, replayable (secrets masked)
 * @property {import('./evidence.mjs').StoredAnswer} [answer] a failed row's answer (secrets masked, the body cut)
 * @property {import('./checks.mjs').Expectation} [expect] what a failed row's answer was held to
 * @property {{ runs: number, seed: number, statuses: Record<string, number>, shrinks?: number, broken?: { kind: string, where: string } }} [fuzz]
 *   a `fuzz` row's requests: how many were generated, their seed, the statuses answered
 *   (shrinking included), and for a failure the shrinking steps and what the request broke
 */

const operationOf = (entry) => ({ operationId: entry.operation.operationId, tag: entry.operation.tags?.[0] ?? 'untagged' });

/** A row for an operation the run did not send: skipped or not selected, and why. */
export function unsentRow(entry, result, note, kind = 'example') {
  return {
    ...operationOf(entry),
    kind,
    example: kind === 'fuzz' ? 'generated requests' : null,
    method: entry.method,
    path: entry.path,
    status: null,
    result,
    violations: [],
    note,
  };
}

const sendsState = (method) => method !== 'GET' && method !== 'HEAD';

/** A captcha answer as a solved challenge gives it: good once, so every request gets its own. */
const freshCaptcha = () => `03AFcWeA6-kit-${randomBytes(18).toString('base64url')}`;

/**
 * The request's captcha answers (its `Captcha` header, its JSON body's `captcha`) made fresh: a
 * gateway refuses one used before, as the captcha provider does.
 * @param {Record<string, string>} headers changed in place
 * @param {string | undefined} body
 */
function withFreshCaptcha(headers, body) {
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'captcha') headers[name] = freshCaptcha();
  if (body === undefined || !body.includes('"captcha"')) return body;
  try {
    const json = JSON.parse(body);
    if (!json || typeof json !== 'object' || typeof json.captcha !== 'string') return body;
    return JSON.stringify({ ...json, captcha: freshCaptcha() });
  } catch {
    return body;
  }
}

/**
 * Sends one request to an operation with what the session holds: the security the operation
 * needs (X-Auth-Token, basic auth), the cookies the gateway set and, on state-changing calls,
 * X-XSRF-TOKEN from the `XSRF-TOKEN` cookie as the portal does (unless `xsrf` is false: a
 * generated request that breaks that header keeps it broken); `headers` add to or replace them.
 * `token` sends another token instead of the session's (null: none), `cookies` other cookies
 * (then the answer's are not kept). Captcha answers are made fresh, unless `keepCaptcha` (a
 * generated request that breaks one). It remembers the cookies the answer sets.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {{ method: string, url: string, headers: Record<string, string>, body?: string }} template the URL relative to the gateway
 * @param {{ headers?: Record<string, string>, xsrf?: boolean, token?: string | null, cookies?: Map<string, string>, keepCaptcha?: boolean }} [how]
 * @returns {Promise<{ request: import('./transport.mjs').KitRequest, answer: import('./transport.mjs').Answer }>}
 */
export async function deliver(session, entry, template, how = {}) {
  const security = securityOf(session.contract, entry.operation);
  const headers = { ...template.headers };
  const token = how.token === undefined ? session.token : how.token;
  if (security.includes('authToken') && token) headers['X-Auth-Token'] = token;
  if (security.includes('basicAuth') && session.basic) headers.Authorization = session.basic;
  const cookies = how.cookies ?? session.cookies;
  const xsrf = cookies.get('XSRF-TOKEN');
  if (how.xsrf !== false && sendsState(template.method) && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  if (cookies.size) headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  Object.assign(headers, how.headers);
  const body = how.keepCaptcha ? template.body : withFreshCaptcha(headers, template.body);

  const request = { method: template.method, url: gatewayUrl(session, template.url), headers, body };
  const answer = await sendRequest(request, session.limits);
  if (how.cookies) return { request, answer };
  for (const line of answer.setCookie) {
    const cookie = parseSetCookie(line, { decodeValues: false });
    if (!cookie.name) continue;
    // Like a browser: a cookie that has expired (a sign-out clearing it) is forgotten.
    const expired =
      (cookie.maxAge !== undefined && cookie.maxAge <= 0) || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) session.cookies.delete(cookie.name);
    else session.cookies.set(cookie.name, cookie.value);
  }
  return { request, answer };
}

/** A URL relative to the gateway (its path prefix kept), or an absolute one as it is. */
export function gatewayUrl(session, url) {
  if (/^https?:\/\//.test(url)) return url;
  return new URL(session.base.pathname.replace(/\/$/, '') + url, session.base.origin).href;
}

/** Whether an operation declares throttling (its `x-rate-limit`, or a 429 it lists). */
const throttles = (entry) => Boolean(entry.operation['x-rate-limit']) || '429' in (entry.operation.responses ?? {});

/**
 * Sends one request to an operation and checks its answer ({@link deliver}, then
 * {@link checkAnswer}), and makes its row. `judge` adds violations of its own (what a probe
 * expects beyond the contract). A request that expects a success and meets the 429 of a
 * throttled operation is blocked by throttling, not failed (its 429 still held to the contract);
 * one whose path names an id not known to be the caller's (`notOwn` says which) passes with the
 * contract's 404.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {import('./contract.mjs').RequestTemplate} template
 * @param {{ expect?: import('./checks.mjs').Expectation, kind?: Row['kind'], example?: string | null, headers?: Record<string, string>,
 *   token?: string | null, cookies?: Map<string, string>, notOwn?: string,
 *   judge?: (answer: import('./transport.mjs').Answer) => import('./checks.mjs').Violation[] }} [how]
 * @returns {Promise<{ row: Row, answer: import('./transport.mjs').Answer, verdict: import('./checks.mjs').Verdict }>}
 */
export async function exchange(session, entry, template, how = {}) {
  const { request, answer } = await deliver(session, entry, template, how);
  const secrets = [...session.secrets, ...(template.secrets ?? [])];
  let expect = how.expect ?? 'success';
  const throttled = expect === 'success' && answer.status === 429 && throttles(entry);
  const notOwn = expect === 'success' && answer.status === 404 && how.notOwn;
  if (throttled || notOwn) expect = 'declared';
  const verdict = checkAnswer(session.contract, entry, answer, { expect, secrets });
  const violations = [...verdict.violations, ...(throttled ? throttledViolations(answer) : []), ...(how.judge?.(answer) ?? [])];
  /** @type {Row} */
  const row = {
    ...operationOf(entry),
    kind: how.kind ?? 'example',
    example: how.example !== undefined ? how.example : template.example,
    method: template.method,
    // The secrets masked: a probe carries its token in the query, a --param link token in the path.
    path: maskSecrets(template.url, secrets),
    status: answer.status,
    ms: answer.ms,
    result: violations.length ? 'failed' : throttled ? 'skipped' : 'passed',
    violations,
    curl: curlOf(request, secrets),
  };
  // A probe's refusal is what it expects, not a business error worth a note.
  if (verdict.note && !how.judge) row.note = verdict.note;
  if (throttled) row.note = `blocked by throttling: 429, ${waitOf(answer)}`;
  if (notOwn) row.note = `404: ${how.notOwn}: the contract's answer to an id that is not the caller's`;
  keepEvidence(row, { request, answer, session, secrets, expect });
  return { row, answer, verdict };
}

/**
 * @typedef {object} Progress the state of a run, filled in as it goes, so a run cut short still
 * reports what it did
 * @property {Row[]} rows
 * @property {string | null} aborted why the run stopped before the end, or null
 * @property {number} [seed] the seed of the generated requests
 * @property {number} [workers] operations whose generated requests are sent at once (1), when the run generates them
 * @property {{ name: string, description: string, result: string, reason?: string }[]} [sequences] each journey's outcome
 */

/** The journeys a run walks: every one with --all, else the ones --sequences names. */
function selectedSequences(options) {
  return SEQUENCES.filter((sequence) => options.all || (options.sequences ?? []).includes(sequence.name));
}

/**
 * Walks a journey (or the kit's sign-in) through the kit's transport and checks: every answer is
 * held to the contract (a declared status below 500, a conforming answer) and to what the
 * journey expects. Rows go into `progress` step by step; a blocked journey's first blocked step
 * is a skipped row saying why.
 *
 * @param {Session} session the cookies, secrets and limits the journey's requests share
 * @param {import('./sequences.mjs').Sequence} sequence
 * @param {import('./sequences.mjs').SequenceOptions} sequenceOptions
 * @param {Progress} progress
 * @param {(answer: import('./transport.mjs').Answer) => void} seen told of every answer
 * @param {(step: import('./sequences.mjs').StepOutcome) => Partial<Row>} [label] the kind and example of a step's row
 */
export async function walk(session, sequence, sequenceOptions, progress, seen, label) {
  const { contract } = session;
  const wire = new WeakMap();
  const send = async (http) => {
    const entry = contract.byId.get(http.operationId);
    if (!entry) {
      // The code hook: not an operation of the contract, so not checked.
      const answer = await sendRequest({ ...http, url: gatewayUrl(session, http.url) }, session.limits);
      const code = parseJson(answer)?.code;
      if (typeof code === 'string') session.secrets.push(code);
      return answer;
    }
    const { request, answer } = await deliver(session, entry, http);
    wire.set(http, { request, answer });
    seen(answer);
    const data = parseJson(answer)?.data;
    if (typeof data?.token === 'string' && data.token) session.secrets.push(data.token);
    // New recovery codes are credentials too: never printed.
    if (Array.isArray(data?.codes)) session.secrets.push(...data.codes.filter((code) => typeof code === 'string'));
    return answer;
  };
  const check = (operationId, answer) =>
    checkAnswer(contract, contract.byId.get(operationId), answer, { expect: 'declared', secrets: session.secrets }).violations;
  let blockedShown = false;
  const onStep = (step) => {
    if (step.result === 'skipped' || (step.result === 'blocked' && blockedShown)) return;
    const entry = contract.byId.get(step.operationId);
    /** @type {Row} */
    const row = {
      ...operationOf(entry),
      ...(label ? label(step) : { kind: 'sequence', example: step.name, sequence: sequence.name }),
      method: entry.method,
      path: maskSecrets(step.request?.url ?? entry.path, session.secrets),
      status: step.status ?? null,
      result: step.result === 'blocked' ? 'skipped' : step.result,
      violations: step.violations,
    };
    const sent = step.request && wire.get(step.request);
    if (sent) {
      row.ms = sent.answer.ms;
      row.curl = curlOf(sent.request, session.secrets);
      keepEvidence(row, { ...sent, session, secrets: session.secrets, expect: 'declared' });
    }
    // The step that stopped the journey says why (a failed one too: the steps after it are not shown).
    if (step.reason) {
      blockedShown = true;
      row.note = `blocked: ${step.reason}`;
    }
    progress.rows.push(row);
  };
  return runSequence(sequence, { send, check, options: sequenceOptions, document: contract.bundle, onStep });
}

/**
 * The generated requests of one operation ({@link fuzzOperation}): sent through the kit's
 * transport with the session's credentials and cookies, judged by the kit's checks; a row for
 * the valid requests and one for the invalid ones.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {{ runs: number, seed: number, fresh?: () => Promise<Session>, before?: () => Promise<void> }} fuzz `fresh`: a session
 *   of its own for each request (an operation that ends the session: after the first, the kit's
 *   token would be refused and nothing else of the operation tested); `before`: called before
 *   each request (the limits reset hook, so a throttled operation's generated requests meet the
 *   operation, not its throttle)
 * @returns {Promise<Row[]>}
 */
async function fuzzRows(session, entry, { runs, seed, fresh, before }) {
  const { contract } = session;
  const wire = new WeakMap();
  const ms = { valid: 0, invalid: 0 };
  const accept = acceptOf(contract, entry);
  const outcome = await fuzzOperation({
    entry,
    document: contract.bundle,
    runs,
    seed,
    send: async (http, generated) => {
      const template = { method: http.method, url: http.url, headers: { Accept: accept, ...http.headers }, body: http.body };
      // A request that breaks the anti-forgery header keeps it broken; any other carries the cookie's, as the portal sends it.
      const own = fresh ? await fresh() : session;
      await before?.();
      const { request, answer } = await deliver(own, entry, template, {
        xsrf: generated.invalid?.where !== 'header X-XSRF-TOKEN',
        keepCaptcha: /captcha/i.test(generated.invalid?.where ?? ''),
      });
      wire.set(http, { request, answer, session: own });
      ms[generated.invalid ? 'invalid' : 'valid'] += answer.ms;
      return answer;
    },
    judge: createJudge(contract, { secrets: session.secrets }),
    baseUrl: session.base.href,
  });
  const rows = [];
  for (const which of /** @type {const} */ (['valid', 'invalid'])) {
    const property = outcome[which];
    if (!property) continue;
    const found = property.counterexample;
    const statuses = Object.entries(property.statuses)
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ');
    const broken = found?.request.invalid;
    /** @type {Row} */
    const row = {
      ...operationOf(entry),
      kind: 'fuzz',
      example: `${which} requests`,
      method: entry.method,
      path: found ? maskSecrets(found.http.url, session.secrets) : entry.path,
      status: found ? found.status : null,
      ms: ms[which],
      result: found ? 'failed' : 'passed',
      violations: found ? found.violations : [],
      note: found
        ? `the smallest failing one of ${property.runs} generated (${property.shrinks} shrinking steps)${broken ? `: it breaks ${broken.where} (${broken.kind})` : ''}; answered ${statuses}`
        : `${property.runs} generated; answered ${statuses}`,
      fuzz: { runs: property.runs, seed, statuses: property.statuses },
    };
    if (found) {
      // A request that never went out (its fresh session's sign-in failed): the generated request,
      // without the session's token, cookies and anti-forgery header, which only sending adds.
      const sent = wire.get(found.http);
      row.curl = curlOf(sent?.request ?? { ...found.http, url: gatewayUrl(session, found.http.url) }, session.secrets);
      Object.assign(row.fuzz, { shrinks: property.shrinks }, broken && { broken });
      keepEvidence(row, {
        ...sent,
        session: sent?.session ?? session,
        secrets: session.secrets,
        expect: broken ? 'client-error' : 'declared',
      });
    }
    rows.push(row);
  }
  return rows;
}

/** A seed for fast-check: a non-negative 31-bit integer. */
export const randomSeed = () => Math.floor(Math.random() * 0x7fffffff);

/** Why the kit's sign-in gave no token, in a line. */
export function signInFailure(outcome) {
  if (outcome.reason) return outcome.reason;
  const failed = outcome.steps.filter((step) => step.result === 'failed').at(-1);
  const [first] = failed?.violations ?? [];
  return first ? `${failed?.name}: ${describeViolation(first)}` : 'the gateway gave no token';
}

/**
 * Runs the kit against the gateway, in this order: the sign-ins (user 1, and user 2 with
 * `user2`); the journeys, each in a session of its own; a session signed in and out, for a
 * signed-out token; every selected operation's named examples (ids in the path the caller's own
 * where the kit can learn them), each followed by its authentication probes; user 2's own reads;
 * the object-level probes; the same answers; the generated requests (the operations that end the
 * session, each request in a fresh session, then the throttled operations: their attempts lock
 * the kit's own account); the throttling probes; the operations that end the session last. With
 * `limitsResetHook` the kit lifts the throttles before each sign-in and journey, before each
 * generated request of a throttled operation and after each probe, so its own attempts never
 * block it. Rows go into `progress` as they are made.
 *
 * @param {RunOptions} options
 * @param {import('./contract.mjs').Contract} contract
 * @param {Progress} [progress]
 * @returns {Promise<Progress>}
 */
export async function verifyGateway(options, contract, progress = { rows: [], aborted: null }) {
  try {
    await runAll(options, contract, progress);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    progress.aborted ??= error.message;
  }
  return progress;
}

/** A reason the run cannot go on that is not the kit's fault (a hook that does not answer). */
class Stop extends Error {}

/**
 * The values the contract's examples give a path parameter: its own examples, and the values
 * under that name in every named example (a `userId` in a sign-in's answer); for a passkey, the
 * ids the passkey list's examples give.
 */
function exampleValuesOf(contract, name) {
  const { bundle } = contract;
  const values = [];
  for (const entry of contract.operations)
    for (const parameter of (entry.operation.parameters ?? []).map((item) => resolveRef(bundle, item))) {
      if (parameter?.name !== name) continue;
      if (parameter.example !== undefined) values.push(parameter.example);
      values.push(...Object.values(parameter.examples ?? {}).map((example) => resolveRef(bundle, example).value));
    }
  const leaves = (examples, key) =>
    Object.values(examples ?? {}).flatMap((example) =>
      keyedLeaves(resolveRef(bundle, example).value)
        .filter(([leafKey]) => leafKey === key)
        .map(([, value]) => value),
    );
  values.push(...leaves(bundle.components?.examples, name));
  const list = contract.byId.get('listPasskeys');
  if (name === 'passkeyId' && list)
    for (const response of Object.values(list.operation.responses ?? {}))
      for (const media of Object.values(resolveRef(bundle, response).content ?? {})) values.push(...leaves(media.examples, 'id'));
  return [...new Set(values.filter((value) => value !== undefined && value !== null).map(String))];
}

/** @param {RunOptions} options @param {import('./contract.mjs').Contract} contract @param {Progress} progress */
async function runAll(options, contract, progress) {
  const session = createSession(contract, options);
  const seed = options.seed ?? randomSeed();
  if (options.fuzz) progress.seed = seed;
  let reached = false;
  let down = null;
  const seen = (answer) => {
    if (answer.connected) reached = true;
    else if (!reached) down ??= `the gateway is unreachable: ${answer.failure}`;
  };
  const unreachable = (answer) => {
    if (answer) seen(answer);
    if (down) progress.aborted ??= down;
    return progress.aborted !== null;
  };
  const journeyOptions = {
    username: options.user,
    password: options.password,
    securityAnswer: options.securityAnswer,
    code: options.code,
    codeHook: options.codeHook,
    origin: options.origin,
  };
  /** Lifts every throttle through the gateway's test hook, when there is one. */
  const resetLimits = async () => {
    if (!options.limitsResetHook) return;
    const answer = await sendRequest({ method: 'POST', url: gatewayUrl(session, options.limitsResetHook), headers: {} }, session.limits);
    seen(answer);
    if (down) throw new Stop(down);
    if (answer.status === null || answer.status >= 300)
      throw new Stop(`the limits reset hook (POST ${options.limitsResetHook}) answered ${answer.status ?? answer.failure}`);
  };

  /** Signs `user` in as the kit signs in; rows into `rows` (none kept by default). */
  const signIn = async (user, password, rows = { rows: [], aborted: null }, label = undefined) => {
    await resetLimits();
    const own = createSession(contract, { ...options, user, password, token: undefined });
    own.secrets = session.secrets;
    const outcome = await walk(own, SIGN_IN_STEPS, { ...journeyOptions, username: user, password }, rows, seen, label);
    own.token = outcome.session.token;
    own.params = { ...options.params };
    if (typeof outcome.session.userId === 'string' && own.params.userId === undefined) own.params.userId = outcome.session.userId;
    return { own, outcome };
  };

  const signsIn = options.user !== undefined && options.token === undefined;
  if (signsIn) {
    const { own, outcome } = await signIn(options.user, options.password, progress, (step) => ({
      kind: 'sign-in',
      example: step.operationId === 'authenticate' && step.name === SIGN_IN_STEPS.steps[0].name ? 'sign-in' : `sign-in: ${step.name}`,
    }));
    if (unreachable()) return;
    if (!own.token) {
      progress.aborted = `the sign-in failed: ${signInFailure(outcome)}`;
      return;
    }
    session.token = own.token;
    session.cookies = own.cookies;
    session.params = own.params;
  }
  /** @type {Session | undefined} */
  let second;
  if (options.user2 !== undefined) {
    const { own, outcome } = await signIn(options.user2, options.password2, progress, (step) => ({
      kind: 'sign-in',
      example: `sign-in as user 2${step.name === SIGN_IN_STEPS.steps[0].name ? '' : `: ${step.name}`}`,
    }));
    if (unreachable()) return;
    if (!own.token) {
      progress.aborted = `the sign-in of user 2 (--user2) failed: ${signInFailure(outcome)}`;
      return;
    }
    second = own;
  }

  progress.sequences = [];
  for (const sequence of SEQUENCES) {
    const first = contract.byId.get(sequence.steps[0].operationId);
    if (!first) throw new Error(`the contract has no ${sequence.steps[0].operationId} for the ${sequence.name} journey`);
    const summary = { name: sequence.name, description: sequence.description };
    if (!selectedSequences(options).includes(sequence)) {
      progress.rows.push({ ...unsentRow(first, 'not selected', NOT_SELECTED_JOURNEY, 'sequence'), sequence: sequence.name });
      progress.sequences.push({ ...summary, result: 'not selected' });
      continue;
    }
    if (options.user === undefined) {
      const note = 'a journey signs in: needs --user and --password';
      progress.rows.push({ ...unsentRow(first, 'skipped', note, 'sequence'), sequence: sequence.name });
      progress.sequences.push({ ...summary, result: 'skipped', reason: note });
      continue;
    }
    // A session of its own, as a fresh browser: its cookies, its sign-in, its sign-out.
    await resetLimits();
    const own = createSession(contract, { ...options, token: undefined });
    own.secrets = session.secrets;
    const outcome = await walk(own, sequence, journeyOptions, progress, seen);
    if (unreachable()) return;
    progress.sequences.push({ ...summary, result: outcome.result, ...(outcome.reason && { reason: outcome.reason }) });
  }

  const entries = contract.operations;
  const notRun = (entry) => {
    const { operation } = entry;
    if (options.only && !options.only.includes(operation.operationId)) return { result: 'not selected', note: NOT_SELECTED_ONLY };
    if (!options.only && !options.all && operation['x-side-effects'] !== false)
      return { result: 'not selected', note: NOT_SELECTED_SIDE_EFFECTS };
    const security = securityOf(contract, operation);
    if (security.includes('authToken') && !session.token)
      return { result: 'skipped', note: 'a signed-in call: needs --token, or --user and --password' };
    if (security.includes('basicAuth') && !session.basic) return { result: 'skipped', note: 'the sign-in: needs --user and --password' };
    return undefined;
  };
  const selected = entries.filter((entry) => !notRun(entry));
  const signedInCall = (entry) => needsSession(entry, securityOf(contract, entry.operation));
  const ownUser = (entry) => entry.operation['x-access'] === 'own-user';

  /** A session signed in and out (its token refused from then on), for the probes; or why there is none. */
  let revoked = { why: 'needs --user and --password (the kit signs a session in and out for it)' };
  const logout = contract.byId.get('logoutToLoginUrl');
  if (options.user !== undefined && session.token && logout && selected.some(signedInCall)) {
    const { own, outcome } = await signIn(options.user, options.password);
    revoked = { why: `the kit could not sign a session in for it: ${signInFailure(outcome)}` };
    if (own.token) {
      const [template] = exampleRequests(contract, logout, own.params);
      const { answer } = await deliver(own, logout, template);
      revoked =
        answer.status !== null && answer.status >= 200 && answer.status < 300
          ? { token: own.token }
          : { why: `the kit could not sign a session out for it: logoutToLoginUrl answered ${answer.status ?? answer.failure}` };
    }
  }

  /** The ids of a session's own plans and passkeys, as its lists answer them (undefined when they cannot be read). */
  const listed = async (own, operationId, pick) => {
    const entry = contract.byId.get(operationId);
    if (!entry || !own.token) return undefined;
    const [template] = exampleRequests(contract, entry, own.params);
    const { answer } = await deliver(own, entry, template);
    const data = answerJson(answer)?.data;
    if (answer.status !== 200 || !data) return undefined;
    const ids = pick(data);
    return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : undefined;
  };
  const plansOf = (own) => listed(own, 'listPlans', (data) => data.planList?.map((plan) => plan?.planId));
  const passkeysOf = (own) => listed(own, 'listPasskeys', (data) => data.passkeys?.map((passkey) => passkey?.id));
  const ownPlans = new Map();
  /**
   * The path values of a session's requests to an operation: its user id and its own plan and
   * passkey, where its lists name one (the plans once, the passkeys each time: a removal changes
   * them); `notOwn` says which are the contract's examples instead, not known to be the caller's.
   */
  const ownParams = async (own, entry) => {
    const params = { ...own.params };
    const notOwn = [];
    if (entry.path.includes('{userId}') && params.userId === undefined) notOwn.push("the userId is the contract's example");
    if (entry.path.includes('{planId}') && options.params?.planId === undefined) {
      if (!ownPlans.has(own)) ownPlans.set(own, await plansOf(own));
      const [plan] = ownPlans.get(own) ?? [];
      if (plan) params.planId = plan;
      else notOwn.push(`the planId is the contract's example (the caller's plan list names none)`);
    }
    if (entry.path.includes('{passkeyId}') && options.params?.passkeyId === undefined) {
      const [passkey] = (await passkeysOf(own)) ?? [];
      if (passkey) params.passkeyId = passkey;
      else notOwn.push(`the passkeyId is the contract's example (the caller has no passkey)`);
    }
    return { params, notOwn: notOwn.length && ownUser(entry) ? notOwn.join('; ') : undefined };
  };

  /** Every value user 1's own answers showed: what is not user 2's alone. */
  const user1Values = new Set();
  const collect = (values, answer) => {
    for (const [, value] of keyedLeaves(answerJson(answer))) values.add(value.toLowerCase());
  };
  /** The email address a session's own answers named (getCredentials' and the like), if any. */
  const emails = new Map();
  const noteEmail = (own, answer) => {
    const email = keyedLeaves(answerJson(answer)).find(([key, value]) => /^email(Address)?$/.test(key) && value.includes('@'));
    if (email && !emails.has(own)) emails.set(own, email[1]);
  };
  const completed = (entry, rows) =>
    rows.map((row) => (row.operationId ? row : { ...unsentRow(entry, row.result, row.note, row.kind), example: row.example }));
  const user1 = () => {
    const mine = [
      { key: 'userId', value: session.params.userId },
      { key: 'username', value: options.user },
      { key: 'email', value: emails.get(session) },
    ].filter((known) => typeof known.value === 'string');
    const theirs = second ? [second.params.userId, options.user2, emails.get(second)].map((value) => String(value).toLowerCase()) : [];
    return mine.filter((known) => !theirs.includes(known.value.toLowerCase()));
  };
  /** Another user's id for each path parameter: user 2's where it has one that is not user 1's, else the contract's examples'. */
  const others = {};
  const accessContext = () => ({
    exchange,
    requests: (entry, params) => exampleRequests(contract, entry, params),
    session,
    revoked,
    user1: user1(),
    user2: second && user2,
    others,
  });
  let user2;

  const examples = async (entry) => {
    // The kit's own sign-in was this operation's request.
    if (signsIn && entry.operation.operationId === 'authenticate') return false;
    const unsent = notRun(entry);
    if (unsent) {
      progress.rows.push(unsentRow(entry, unsent.result, unsent.note));
      return false;
    }
    const { params, notOwn } = await ownParams(session, entry);
    const templates = exampleRequests(contract, entry, params);
    for (const template of templates) {
      const { row, answer } = await exchange(session, entry, template, { notOwn });
      progress.rows.push(row);
      if (unreachable(answer)) return true;
      collect(user1Values, answer);
      noteEmail(session, answer);
    }
    if (signedInCall(entry)) progress.rows.push(...completed(entry, await authRows(accessContext(), entry, templates[0])));
    return false;
  };
  /** A session signed in afresh, as the kit signed in, without rows of its own; it shares the run's secrets. */
  const freshSession = async () => {
    const { own, outcome } = await signIn(options.user, options.password);
    if (!own.token) throw new Error(`a fresh sign-in for this request failed: ${signInFailure(outcome)}`);
    own.params = session.params;
    return own;
  };
  const fuzz = async (entry) => {
    if (!options.fuzz) return;
    const unsent = notRun(entry);
    if (unsent?.result === 'skipped') progress.rows.push(unsentRow(entry, 'skipped', unsent.note, 'fuzz'));
    if (unsent) return;
    // Each generated request to an operation that ends the session gets a session of its own:
    // after the first, the kit's token would only be refused. The first sign-in says whether the kit can.
    const fresh = ENDS_SESSION.has(entry.operation.operationId) && securityOf(contract, entry.operation).includes('authToken');
    if (fresh) {
      const why = 'each generated request needs a session of its own';
      if (options.user === undefined) {
        progress.rows.push(unsentRow(entry, 'skipped', `${why}: needs --user and --password`, 'fuzz'));
        return;
      }
      try {
        await freshSession();
      } catch (error) {
        if (error instanceof Stop) throw error;
        progress.rows.push(unsentRow(entry, 'skipped', `${why}: ${error.message}`, 'fuzz'));
        return;
      }
    }
    const before = options.limitsResetHook && throttles(entry) ? resetLimits : undefined;
    progress.rows.push(...(await fuzzRows(session, entry, { runs: options.fuzz, seed, before, ...(fresh && { fresh: freshSession }) })));
  };

  // `workers` operations are fuzzed at once; their rows are then put back in the contract's order.
  const order = new Map(entries.map((entry, index) => [entry.operation.operationId, index]));
  const fuzzAll = async (list) => {
    const start = progress.rows.length;
    const queue = [...list];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) await fuzz(entry);
    };
    await Promise.all(Array.from({ length: options.workers ?? 1 }, worker));
    const made = progress.rows.splice(start);
    progress.rows.push(...made.sort((a, b) => Number(order.get(a.operationId)) - Number(order.get(b.operationId))));
  };
  const [lasting, ending] = [false, true].map((ends) => entries.filter((entry) => ENDS_SESSION.has(entry.operation.operationId) === ends));
  for (const entry of lasting) if (await examples(entry)) return;

  // User 2's own reads: they must not be user 1's, and they say what of user 2's no answer to user 1 may show.
  const user2Values = new Set();
  if (second) {
    for (const entry of selected.filter((candidate) => lasting.includes(candidate) && signedInCall(candidate))) {
      if (entry.operation['x-side-effects'] !== false) continue;
      const { params } = await ownParams(second, entry);
      const [template] = exampleRequests(contract, entry, params);
      const { row, answer } = await identityRow(accessContext(), second, entry, template);
      progress.rows.push(row);
      if (unreachable(answer)) return;
      collect(user2Values, answer);
      noteEmail(second, answer);
    }
  }
  const theirs = [
    { key: 'userId', value: second?.params.userId },
    { key: 'username', value: options.user2 },
    { key: 'email', value: second && emails.get(second) },
  ].filter((known) => typeof known.value === 'string' && !user1Values.has(known.value.toLowerCase()));
  const data = [...user2Values].filter((value) => !user1Values.has(value) && !theirs.some((known) => known.value.toLowerCase() === value));
  if (second) user2 = { session: second, known: [...theirs, ...data.map((value) => ({ key: "user 2's data", value }))] };

  // Another user's ids: user 2's, else the contract's examples' that are not user 1's own.
  if (selected.some(ownUser)) {
    const fromExamples =
      "from the contract's examples (no --user2: a second account would test a real other account's ids, and that none of its data shows)";
    const mine = {
      userId: [session.params.userId ?? exampleValuesOf(contract, 'userId')[0]],
      planId: ownPlans.get(session) ?? (await plansOf(session)),
      passkeyId: await passkeysOf(session),
    };
    const user2Ids = second ? { userId: [second.params.userId], planId: await plansOf(second), passkeyId: await passkeysOf(second) } : {};
    for (const name of OWN_PARAMETERS) {
      // A list user 1 could not read: no id is known not to be its own (its user id, always known, aside).
      if (!mine[name]) continue;
      const notMine = (id) => id !== undefined && !mine[name].includes(id);
      const fromUser2 = (user2Ids[name] ?? []).find(notMine);
      const fromContract = exampleValuesOf(contract, name).find(notMine);
      if (fromUser2) others[name] = { value: fromUser2, from: "user 2's" };
      else if (fromContract)
        others[name] = {
          value: fromContract,
          from: second ? `${fromExamples.replace(/ \(no --user2:.*\)$/, '')} (user 2 has none of its own)` : fromExamples,
        };
    }
    for (const entry of selected.filter((candidate) => lasting.includes(candidate) && ownUser(candidate))) {
      const { params } = await ownParams(session, entry);
      progress.rows.push(...completed(entry, await accessRows(accessContext(), entry, params)));
      if (unreachable()) return;
    }
  }

  // The same answer for a known and an unknown identifier (the known one the signed-in account's own, where the kit knows it).
  for (const entry of selected.filter((candidate) => candidate.operation['x-same-answer'])) {
    const rule = entry.operation['x-same-answer'];
    const { params } = await ownParams(session, entry);
    let [template] = exampleRequests(contract, entry, params);
    const mine = /mail/i.test(rule.name) ? emails.get(session) : options.user;
    if (mine !== undefined && fieldOf(template, rule.in, rule.name) !== undefined) template = withField(template, rule.in, rule.name, mine);
    await resetLimits();
    const outcome = await compareAnswers({
      template,
      rule,
      tries: options.sameAnswerTries,
      toleranceMs: options.sameAnswerToleranceMs,
      send: (sent) => deliver(session, entry, sent),
      check: (answer) => checkAnswer(contract, entry, answer, { expect: 'declared', secrets: session.secrets }).violations,
    });
    await resetLimits();
    progress.rows.push({
      ...operationOf(entry),
      kind: 'same-answer',
      example: `a known and an unknown ${rule.name}`,
      method: entry.method,
      path: template.url,
      status: outcome.status,
      ms: outcome.ms,
      result: outcome.violations.length ? 'failed' : outcome.throttled ? 'skipped' : 'passed',
      violations: outcome.violations,
      note: outcome.throttled ? `blocked by throttling: 429, ${waitOf(outcome.throttled)}` : outcome.note,
      ...(outcome.request && { curl: curlOf(outcome.request, session.secrets) }),
    });
    if (unreachable()) return;
  }

  // Generated requests: the throttled operations last, as their attempts lock the kit's own account.
  await fuzzAll(lasting.filter((entry) => !throttles(entry)));
  for (const entry of ending) await fuzzAll([entry]);
  await fuzzAll(lasting.filter(throttles));

  if (options.probeLimits) {
    for (const entry of selected.filter((candidate) => candidate.operation['x-rate-limit'])) {
      const limit = entry.operation['x-rate-limit'];
      const { params } = await ownParams(session, entry);
      let [template] = exampleRequests(contract, entry, params);
      // The persona is the kit's own account, where the request names one.
      for (const [name, mine] of [
        ['username', options.user],
        ['email', emails.get(session)],
      ])
        if (mine !== undefined && fieldOf(template, 'body', name) !== undefined) template = withField(template, 'body', name, mine);
      const credentials = {
        user: options.user,
        password: options.password,
        basic: securityOf(contract, entry.operation).includes('basicAuth'),
      };
      const wrong = withWrongSecrets(template, credentials);
      const empty = withWrongSecrets(template, credentials, () => '');
      await resetLimits();
      const outcome = await probeLimit({
        limit,
        send: (refused) => deliver(session, entry, (refused ? empty : wrong).template, { headers: (refused ? empty : wrong).headers }),
        check: (answer) => checkAnswer(contract, entry, answer, { expect: 'declared', secrets: session.secrets }).violations,
      });
      const unlocked = options.limitsResetHook
        ? 'then unlocked through the hook'
        : outcome.throttled
          ? `no --limits-reset-hook: the persona stays throttled (${waitOf(outcome.throttled)})`
          : '';
      await resetLimits();
      progress.rows.push({
        ...operationOf(entry),
        kind: 'throttling',
        example: `${limit.attempts} attempts${wrong.changed.length ? ` with a wrong ${wrong.changed.join(', ')}` : ''}, then one more`,
        method: entry.method,
        path: template.url,
        status: outcome.status,
        ms: outcome.ms,
        result: outcome.violations.length ? 'failed' : 'passed',
        violations: outcome.violations,
        note: [outcome.note, unlocked].filter(Boolean).join('; '),
        ...(outcome.request && { curl: curlOf(outcome.request, session.secrets) }),
      });
      if (unreachable()) return;
    }
  }

  for (const entry of ending) if (await examples(entry)) return;
}

/** The answer's body as JSON, or undefined. */
function parseJson(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
