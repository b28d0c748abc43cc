// A run of the kit: a session with the gateway (base URL, limits, token, cookies, secrets), one
// exchange per request (send, check, make the report's row), and the run itself: the sign-in,
// the journeys, the contract's named examples and the generated requests, operation by
// operation, the operations that end the session last.
import { parseString as parseSetCookie } from 'set-cookie-parser';
import { checkAnswer, describeViolation } from './checks.mjs';
import { acceptOf, exampleRequests, securityOf } from './contract.mjs';
import { keepEvidence } from './evidence.mjs';
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
    secrets: [options.token, options.password, basic, options.securityAnswer, options.code].filter((value) => typeof value === 'string'),
  };
}

/**
 * @typedef {object} Row one request of the report, or one property of generated requests
 * @property {string} operationId
 * @property {string} tag the operation's first tag
 * @property {'example' | 'sign-in' | 'sequence' | 'fuzz'} kind `example`: a named example of the
 *   contract; `sign-in`: the kit signing in; `sequence`: a step of a journey; `fuzz`: the
 *   generated valid or invalid requests of an operation (one row each, the smallest failing one
 *   when they fail)
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

/**
 * Sends one request to an operation with what the session holds: the security the operation
 * needs (X-Auth-Token, basic auth), the cookies the gateway set and, on state-changing calls,
 * X-XSRF-TOKEN from the `XSRF-TOKEN` cookie as the portal does (unless `xsrf` is false: a
 * generated request that breaks that header keeps it broken); `headers` add to or replace them.
 * It remembers the cookies the answer sets.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {{ method: string, url: string, headers: Record<string, string>, body?: string }} template the URL relative to the gateway
 * @param {{ headers?: Record<string, string>, xsrf?: boolean }} [how]
 * @returns {Promise<{ request: import('./transport.mjs').KitRequest, answer: import('./transport.mjs').Answer }>}
 */
export async function deliver(session, entry, template, how = {}) {
  const security = securityOf(session.contract, entry.operation);
  const headers = { ...template.headers };
  if (security.includes('authToken') && session.token) headers['X-Auth-Token'] = session.token;
  if (security.includes('basicAuth') && session.basic) headers.Authorization = session.basic;
  const xsrf = session.cookies.get('XSRF-TOKEN');
  if (how.xsrf !== false && sendsState(template.method) && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  if (session.cookies.size) headers.Cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  Object.assign(headers, how.headers);

  const request = { method: template.method, url: gatewayUrl(session, template.url), headers, body: template.body };
  const answer = await sendRequest(request, session.limits);
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

/**
 * Sends one request to an operation and checks its answer ({@link deliver}, then
 * {@link checkAnswer}), and makes its row.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {import('./contract.mjs').RequestTemplate} template
 * @param {{ expect?: import('./checks.mjs').Expectation, kind?: Row['kind'], example?: string | null, headers?: Record<string, string> }} [how]
 * @returns {Promise<{ row: Row, answer: import('./transport.mjs').Answer, verdict: import('./checks.mjs').Verdict }>}
 */
export async function exchange(session, entry, template, how = {}) {
  const { request, answer } = await deliver(session, entry, template, how);
  const secrets = [...session.secrets, ...(template.secrets ?? [])];
  const expect = how.expect ?? 'success';
  const verdict = checkAnswer(session.contract, entry, answer, { expect, secrets });
  /** @type {Row} */
  const row = {
    ...operationOf(entry),
    kind: how.kind ?? 'example',
    example: how.example !== undefined ? how.example : template.example,
    method: template.method,
    path: maskSecrets(template.url, secrets),
    status: answer.status,
    ms: answer.ms,
    result: verdict.violations.length ? 'failed' : 'passed',
    violations: verdict.violations,
    curl: curlOf(request, secrets),
  };
  if (verdict.note) row.note = verdict.note;
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
 * @param {{ runs: number, seed: number, fresh?: () => Promise<Session> }} fuzz `fresh`: a session
 *   of its own for each request (an operation that ends the session: after the first, the kit's
 *   token would be refused and nothing else of the operation tested)
 * @returns {Promise<Row[]>}
 */
async function fuzzRows(session, entry, { runs, seed, fresh }) {
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
      const { request, answer } = await deliver(own, entry, template, { xsrf: generated.invalid?.where !== 'header X-XSRF-TOKEN' });
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
 * Runs the kit against the gateway: signs in first when asked (with a one-time code or the
 * security question when the gateway asks; its token and user id serve the signed-in calls),
 * walks the journeys, sends every selected operation's named examples, then its generated
 * requests with --fuzz; the operations that end the session come last. Rows go into `progress`
 * as they are made.
 *
 * @param {RunOptions} options
 * @param {import('./contract.mjs').Contract} contract
 * @param {Progress} [progress]
 * @returns {Promise<Progress>}
 */
export async function verifyGateway(options, contract, progress = { rows: [], aborted: null }) {
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

  const signIn = options.user !== undefined && options.token === undefined;
  if (signIn) {
    const outcome = await walk(session, SIGN_IN_STEPS, journeyOptions, progress, seen, (step) => ({
      kind: 'sign-in',
      example: step.operationId === 'authenticate' && step.name === SIGN_IN_STEPS.steps[0].name ? 'sign-in' : `sign-in: ${step.name}`,
    }));
    if (unreachable()) return progress;
    if (!outcome.session.token) {
      progress.aborted = `the sign-in failed: ${signInFailure(outcome)}`;
      return progress;
    }
    session.token = outcome.session.token;
    if (typeof outcome.session.userId === 'string' && session.params.userId === undefined) session.params.userId = outcome.session.userId;
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
    const own = createSession(contract, { ...options, token: undefined });
    own.secrets = session.secrets;
    const outcome = await walk(own, sequence, journeyOptions, progress, seen);
    if (unreachable()) return progress;
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
  const examples = async (entry) => {
    // The kit's own sign-in was this operation's request.
    if (signIn && entry.operation.operationId === 'authenticate') return false;
    const unsent = notRun(entry);
    if (unsent) {
      progress.rows.push(unsentRow(entry, unsent.result, unsent.note));
      return false;
    }
    for (const template of exampleRequests(contract, entry, session.params)) {
      const { row, answer } = await exchange(session, entry, template);
      progress.rows.push(row);
      if (unreachable(answer)) return true;
    }
    return false;
  };
  /** A session signed in afresh, as the kit signed in, without rows of its own; it shares the run's secrets. */
  const freshSession = async () => {
    const own = createSession(contract, { ...options, token: undefined });
    own.secrets = session.secrets;
    own.params = session.params;
    const outcome = await walk(own, SIGN_IN_STEPS, journeyOptions, { rows: [], aborted: null }, seen);
    if (!outcome.session.token) throw new Error(`a fresh sign-in for this request failed: ${signInFailure(outcome)}`);
    own.token = outcome.session.token;
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
        progress.rows.push(unsentRow(entry, 'skipped', `${why}: ${error.message}`, 'fuzz'));
        return;
      }
    }
    progress.rows.push(...(await fuzzRows(session, entry, { runs: options.fuzz, seed, ...(fresh && { fresh: freshSession }) })));
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
  for (const entry of lasting) if (await examples(entry)) return progress;
  await fuzzAll(lasting);
  for (const entry of ending) {
    if (await examples(entry)) return progress;
    await fuzzAll([entry]);
  }
  return progress;
}

/** The answer's body as JSON, or undefined. */
function parseJson(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
