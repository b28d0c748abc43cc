// A run of the kit: a session with the gateway (base URL, limits, token, cookies, secrets), one
// exchange per request (send, check, make the report's row), and the run of the contract's
// named examples, operation by operation.
import { parseString as parseSetCookie } from 'set-cookie-parser';
import { checkAnswer, errorCodes } from './checks.mjs';
import { exampleRequests, securityOf } from './contract.mjs';
import { curlOf } from './redact.mjs';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, sendRequest } from './transport.mjs';

/** Operations that end the session run last, so the others still have it. */
const ENDS_SESSION = new Set(['getLogoutPage', 'logoutToLoginUrl']);
export const NOT_SELECTED_SIDE_EFFECTS = 'side effects: runs with --all';
export const NOT_SELECTED_ONLY = 'not in --only';

/**
 * @typedef {object} RunOptions
 * @property {string} gateway the base URL
 * @property {string} [token] an X-Auth-Token for the signed-in calls
 * @property {string} [user] sign in first with these credentials
 * @property {string} [password]
 * @property {Record<string, string>} [params] path and query values instead of the contract's examples
 * @property {boolean} [all] also the operations with side effects
 * @property {string[] | null} [only] only these operations
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
    secrets: [options.token, options.password, basic].filter((value) => typeof value === 'string'),
  };
}

/**
 * @typedef {object} Row one request of the report
 * @property {string} operationId
 * @property {string} tag the operation's first tag
 * @property {string} kind `example` for the contract's named examples; other kinds of requests name their own
 * @property {string | null} example which request: the named example, a generated case, a step
 * @property {string} method
 * @property {string} path the path and query sent (the path template for a row that sent nothing)
 * @property {number | null} status
 * @property {number} [ms]
 * @property {'passed' | 'failed' | 'skipped' | 'not selected'} result skipped: could not be exercised;
 *   not selected: left out on purpose (side effects without --all, not in --only)
 * @property {import('./checks.mjs').Violation[]} violations
 * @property {string} [note] a business error beside a pass, or why a row was skipped or not selected
 * @property {string} [curl] the request as a curl command, secrets masked
 */

const operationOf = (entry) => ({ operationId: entry.operation.operationId, tag: entry.operation.tags?.[0] ?? 'untagged' });

/** A row for an operation the run did not send: skipped or not selected, and why. */
export function unsentRow(entry, result, note) {
  return {
    ...operationOf(entry),
    kind: 'example',
    example: null,
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
 * Sends one request to an operation and checks its answer: the seam every kind of request
 * goes through (the contract's examples here; generated requests and sequences beside them).
 * It adds what the session holds: the security the operation needs (X-Auth-Token, basic auth),
 * the cookies the gateway set and, on state-changing calls, X-XSRF-TOKEN from the `XSRF-TOKEN`
 * cookie; `headers` add to or replace them (an old token, say). It remembers the cookies the
 * answer sets.
 *
 * @param {Session} session
 * @param {import('./contract.mjs').Entry} entry
 * @param {import('./contract.mjs').RequestTemplate} template
 * @param {{ expect?: import('./checks.mjs').Expectation, kind?: string, example?: string | null, headers?: Record<string, string> }} [how]
 * @returns {Promise<{ row: Row, answer: import('./transport.mjs').Answer, verdict: import('./checks.mjs').Verdict }>}
 */
export async function exchange(session, entry, template, how = {}) {
  const { contract } = session;
  const security = securityOf(contract, entry.operation);
  const headers = { ...template.headers };
  if (security.includes('authToken') && session.token) headers['X-Auth-Token'] = session.token;
  if (security.includes('basicAuth') && session.basic) headers.Authorization = session.basic;
  const xsrf = session.cookies.get('XSRF-TOKEN');
  if (sendsState(template.method) && xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  if (session.cookies.size) headers.Cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  Object.assign(headers, how.headers);

  const url = new URL(session.base.pathname.replace(/\/$/, '') + template.url, session.base.origin).href;
  const request = { method: template.method, url, headers, body: template.body };
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
  const secrets = [...session.secrets, ...(template.secrets ?? [])];
  const verdict = checkAnswer(contract, entry, answer, { expect: how.expect ?? 'success', secrets });
  /** @type {Row} */
  const row = {
    ...operationOf(entry),
    kind: how.kind ?? 'example',
    example: how.example !== undefined ? how.example : template.example,
    method: template.method,
    path: template.url,
    status: answer.status,
    ms: answer.ms,
    result: verdict.violations.length ? 'failed' : 'passed',
    violations: verdict.violations,
    curl: curlOf(request, secrets),
  };
  if (verdict.note) row.note = verdict.note;
  return { row, answer, verdict };
}

/**
 * @typedef {object} Progress the state of a run, filled in as it goes, so a run cut short still
 * reports what it did
 * @property {Row[]} rows
 * @property {string | null} aborted why the run stopped before the end, or null
 */

/** Why the sign-in gave no token, in a line. */
function signInFailure(options, { answer, verdict }) {
  if (answer.failure && answer.status === null) return answer.failure;
  const codes = errorCodes(verdict.body);
  const what = `${answer.status}${codes.length ? ` with ${codes.join(', ')}` : ''} and no token`;
  return `the gateway answered ${what} (check --user ${options.user} and --password)`;
}

/**
 * Runs the contract's named examples against the gateway: signs in first when asked (its token
 * and user id serve the signed-in calls), then sends every selected operation in order. Rows go
 * into `progress` as they are made.
 *
 * @param {RunOptions} options
 * @param {import('./contract.mjs').Contract} contract
 * @param {Progress} [progress]
 * @returns {Promise<Progress>}
 */
export async function verifyGateway(options, contract, progress = { rows: [], aborted: null }) {
  const session = createSession(contract, options);
  let reached = false;
  const unreachable = (answer) => {
    if (answer.connected) reached = true;
    else if (!reached) progress.aborted = `the gateway is unreachable: ${answer.failure}`;
    return progress.aborted !== null;
  };

  if (options.user !== undefined) {
    const entry = contract.byId.get('authenticate');
    if (!entry) throw new Error('the contract has no authenticate operation to sign in with');
    const [template] = exampleRequests(contract, entry, session.params);
    const result = await exchange(session, entry, template, { example: 'sign-in' });
    progress.rows.push(result.row);
    if (unreachable(result.answer)) return progress;
    const data = /** @type {any} */ (result.verdict.body)?.data;
    if (typeof data?.token !== 'string' || data.token === '') {
      progress.aborted = `the sign-in failed: ${signInFailure(options, result)}`;
      return progress;
    }
    session.token = data.token;
    session.secrets.push(data.token);
    if (typeof data.userId === 'string' && session.params.userId === undefined) session.params.userId = data.userId;
  }

  const entries = contract.operations
    .filter((entry) => !(options.user !== undefined && entry.operation.operationId === 'authenticate'))
    .sort((a, b) => Number(ENDS_SESSION.has(a.operation.operationId)) - Number(ENDS_SESSION.has(b.operation.operationId)));
  for (const entry of entries) {
    const { operation } = entry;
    if (options.only && !options.only.includes(operation.operationId)) {
      progress.rows.push(unsentRow(entry, 'not selected', NOT_SELECTED_ONLY));
      continue;
    }
    if (!options.only && !options.all && operation['x-side-effects'] !== false) {
      progress.rows.push(unsentRow(entry, 'not selected', NOT_SELECTED_SIDE_EFFECTS));
      continue;
    }
    const security = securityOf(contract, operation);
    if (security.includes('authToken') && !session.token) {
      progress.rows.push(unsentRow(entry, 'skipped', 'a signed-in call: needs --token, or --user and --password'));
      continue;
    }
    if (security.includes('basicAuth') && !session.basic) {
      progress.rows.push(unsentRow(entry, 'skipped', 'the sign-in: needs --user and --password'));
      continue;
    }
    for (const template of exampleRequests(contract, entry, session.params)) {
      const { row, answer } = await exchange(session, entry, template);
      progress.rows.push(row);
      if (unreachable(answer)) return progress;
    }
  }
  return progress;
}
