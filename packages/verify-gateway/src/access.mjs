// Who may call what (the contract's `x-access`): OWASP API2 (broken authentication) and API1
// (broken object-level authorisation) as the kit probes them. Every operation that is not public
// is called without a token, with tokens the gateway never issued or has revoked, and with the
// live token where a header-only gateway must not look for it (a cookie, the query): each must be
// refused 401 with the error envelope alone. Every `own-user` operation is called with another
// user's ids in its path: 404 with the envelope alone, nothing of that user. With a second account
// the other user is real, and user 2's own answers must not be user 1's (a gateway that ignores
// the token and serves one fixed account). The requests go out through the run's `exchange`,
// handed in (src/run.mjs imports this module).
import { randomInt } from 'node:crypto';
import { answerJson, errorCodes } from './checks.mjs';
import { MASK } from './redact.mjs';

/**
 * @typedef {import('./checks.mjs').Violation} Violation
 * @typedef {import('./transport.mjs').Answer} Answer
 * @typedef {{ key: string, value: string }} Known a value of a user, and what it is (`userId`, `username`, `email`...)
 */

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const pick = (alphabet) => alphabet[randomInt(alphabet.length)];

/**
 * A random value shaped like `value`: each digit, lower and upper case letter replaced by a random
 * one of its kind, every other character kept. A made-up token of the real one's shape, a wrong
 * code or password that still meets the schema's pattern and length, an unknown email address
 * (`jane.smith@example.com` gives `qzvx.mwtak@owqbfpl.hje`). Never `value` itself.
 */
export function alike(value) {
  for (;;) {
    const made = [...String(value)]
      .map((char) =>
        DIGITS.includes(char) ? pick(DIGITS) : LOWER.includes(char) ? pick(LOWER) : UPPER.includes(char) ? pick(UPPER) : char,
      )
      .join('');
    if (made !== value) return made;
    if (!/[0-9A-Za-z]/.test(String(value))) return `${value}x`;
  }
}

/** The value with its last letter or digit changed: a token a gateway that compares a prefix would take. */
export function altered(value) {
  const at = String(value).search(/[0-9A-Za-z][^0-9A-Za-z]*$/);
  if (at < 0) return `${value}x`;
  const char = value[at];
  const alphabet = DIGITS.includes(char) ? DIGITS : LOWER.includes(char) ? LOWER : UPPER;
  const other = alphabet[(alphabet.indexOf(char) + 1) % alphabet.length];
  return `${value.slice(0, at)}${other}${value.slice(at + 1)}`;
}

/** Every leaf of a JSON value with the key it sits under: `[['userId', '100245'], ['email', 'jane@...']]`. */
export function keyedLeaves(value, key = '') {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => keyedLeaves(item, key));
  if (typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => keyedLeaves(item, name));
  return [[key, String(value)]];
}

/** Values worth looking for in an answer: long enough not to turn up by chance (a `1`, a `true`). */
const telling = (value) => value.length >= 4 && value !== 'true' && value !== 'false' && value !== 'null';

/**
 * The known values an answer shows: a JSON leaf equal to one (letter case aside), or, for values
 * of 6 characters and more, the value anywhere in the body's text. Values the request itself sent
 * (an id in the path, echoed in a description) tell the caller nothing new and are not counted.
 * @param {Answer} answer
 * @param {Known[]} known
 * @param {string} [sent] the request's URL and body
 * @returns {Known[]}
 */
export function shownValues(answer, known, sent = '') {
  const text = answer.body?.toString('utf8') ?? '';
  const lowerText = text.toLowerCase();
  const leaves = new Set(keyedLeaves(answerJson(answer)).map(([, value]) => value.toLowerCase()));
  const lowerSent = safeDecode(sent).toLowerCase();
  return known.filter(({ value }) => {
    const lower = value.toLowerCase();
    if (!telling(lower) || lowerSent.includes(lower)) return false;
    return leaves.has(lower) || (lower.length >= 6 && lowerText.includes(lower));
  });
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The status and error codes of an answer, as a violation shows what it received. */
const received = (answer) => {
  const codes = errorCodes(answerJson(answer));
  return `${answer.status}${codes.length ? ` (${codes.join(', ')})` : ''}`;
};

const hasData = (answer) => {
  const json = answerJson(answer);
  return Boolean(json) && typeof json === 'object' && !Array.isArray(json) && 'data' in json;
};

/** A shown value as a violation prints it: the value, masked when it is a credential. */
const showKnown = ({ key, value }) => `${key} ${key === 'token' ? MASK : JSON.stringify(value)}`;

/**
 * The violations of a refusal that must be `status` with the error envelope alone: another
 * status (a 2xx worst of all), `data` beside the errors, or a value of `known` in the body.
 * @param {Answer} answer
 * @param {{ status: 401 | 404, what: string, known: Known[], sent?: string, served: string, otherStatus?: (status: number) => string | undefined }} how
 * @returns {Violation[]}
 */
export function refusalViolations(answer, { status, what, known, sent = '', served, otherStatus }) {
  if (answer.status === null) return [];
  /** @type {Violation[]} */
  const violations = [];
  const expected = `${status} with the error envelope alone`;
  if (answer.status !== status) {
    const message = /^2/.test(String(answer.status)) ? served : (otherStatus?.(answer.status) ?? `${what}: not the contract's ${status}`);
    violations.push({ rule: 'access', where: 'status', message, expected, received: received(answer) });
  }
  if (hasData(answer))
    violations.push({
      rule: 'access',
      where: 'body /data',
      pointer: '/data',
      message: `${what}: the answer carries data`,
      expected,
      received: 'a body with data',
    });
  const shown = shownValues(answer, known, sent);
  if (shown.length)
    violations.push({
      rule: 'access',
      where: 'body',
      pointer: '',
      message: `${what}: the answer shows ${shown.length === 1 ? 'a value' : 'values'} it must not`,
      expected: 'nothing of the user',
      received: shown.map(showKnown).join(', '),
    });
  return violations;
}

/** Cookie names and query parameters a gateway that reads the token from elsewhere than its header might use. */
const TOKEN_COOKIES = [
  'X-Auth-Token',
  'x-auth-token',
  'authToken',
  'auth_token',
  'auth-token',
  'token',
  'access_token',
  'session',
  'sessionId',
  'JSESSIONID',
];
const TOKEN_QUERY = ['X-Auth-Token', 'x-auth-token', 'authToken', 'auth_token', 'token', 'access_token'];

/**
 * @typedef {object} AuthProbe
 * @property {string} name what the request carries, for the report (`no token`...)
 * @property {(token: string | undefined, revoked: { token: string } | { why: string }) => ({ token: string | null, cookies?: [string, string][], query?: [string, string][] } | string)} how
 *   what to send instead of the session's credentials, or why this probe cannot be made
 */

/** @type {AuthProbe[]} the requests a call that is not public must refuse with 401 */
export const AUTH_PROBES = [
  { name: 'no token', how: () => ({ token: null }) },
  { name: 'a made-up token', how: (token) => ({ token: token ? alike(token) : `${alike('00000000-0000-0000-0000-000000000000')}` }) },
  {
    name: 'the token with its last character changed',
    how: (token) => (token ? { token: altered(token) } : 'needs a token (--token, or --user and --password)'),
  },
  { name: 'a signed-out token', how: (token, revoked) => ('token' in revoked ? { token: revoked.token } : revoked.why) },
  {
    name: 'the token in a cookie, not the header',
    how: (token) =>
      token ? { token: null, cookies: TOKEN_COOKIES.map((name) => [name, token]) } : 'needs a token (--token, or --user and --password)',
  },
  {
    name: 'the token in the query, not the header',
    how: (token) =>
      token ? { token: null, query: TOKEN_QUERY.map((name) => [name, token]) } : 'needs a token (--token, or --user and --password)',
  },
];

/** Whether an operation needs a session (its `x-access`, else its security). */
export const needsSession = (entry, security) =>
  entry.operation['x-access'] ? entry.operation['x-access'] !== 'public' : security.includes('authToken');

/**
 * The path parameters that name the caller's own resources, and what a second account or the
 * contract's examples can give of someone else's.
 */
export const OWN_PARAMETERS = ['userId', 'planId', 'passkeyId'];

/**
 * @typedef {object} AccessContext what the probes need of the run
 * @property {(session: any, entry: any, template: any, how: any) => Promise<{ row: any, answer: Answer }>} exchange the run's
 * @property {(entry: any, params: Record<string, string>) => any[]} requests the operation's example requests with these values
 * @property {any} session user 1's
 * @property {{ token: string } | { why: string }} revoked a token the gateway issued and then revoked (signed out), or why there is none
 * @property {Known[]} user1 what identifies user 1 (its user id, username, email) and not user 2
 * @property {{ session: any, known: Known[] } | undefined} user2 user 2's session, and what identifies it or belongs to it alone
 * @property {Record<string, { value: string, from: string }>} others another user's id per path parameter, and where it came from
 */

/**
 * The authentication probes of one operation that is not public ({@link AUTH_PROBES}): a row
 * each, 401 with the error envelope alone expected, nothing of the signed-in user.
 * @param {AccessContext} context
 * @param {any} entry
 * @param {any} template the request as the kit sends it signed in (user 1's own ids)
 */
export async function authRows(context, entry, template) {
  const rows = [];
  const { session } = context;
  const known = [...context.user1, ...(session.token ? [{ key: 'token', value: session.token }] : [])];
  for (const probe of AUTH_PROBES) {
    const how = probe.how(session.token, context.revoked);
    if (typeof how === 'string') {
      rows.push({ kind: 'auth', example: probe.name, result: 'not selected', note: how });
      continue;
    }
    const xsrf = session.cookies.get('XSRF-TOKEN');
    // No cookie but the anti-forgery one, which is no credential (the portal always holds it).
    const cookies = new Map([...(xsrf ? [['XSRF-TOKEN', xsrf]] : []), ...(how.cookies ?? [])]);
    const url = how.query ? `${template.url}${template.url.includes('?') ? '&' : '?'}${new URLSearchParams(how.query)}` : template.url;
    // A made-up or altered token is masked like the real one: an altered one is all but one character of it.
    const secrets = [...(template.secrets ?? []), ...(how.token ? [how.token] : [])];
    const { row } = await context.exchange(
      session,
      entry,
      { ...template, url, secrets },
      {
        expect: 'declared',
        kind: 'auth',
        example: probe.name,
        token: how.token,
        cookies,
        judge: (answer) =>
          refusalViolations(answer, {
            status: 401,
            what: `a call with ${probe.name}`,
            known,
            served: `a call with ${probe.name} was answered as signed in`,
          }),
      },
    );
    rows.push(row);
  }
  return rows;
}

/**
 * The object-level probes of one `own-user` operation: user 1 calls it with another user's id
 * in place of each of its own ({@link OWN_PARAMETERS}), the rest its own. Each must be 404 (the
 * contract's NotYours: a 403 would tell that the resource exists) with the envelope alone and
 * nothing of that user.
 * @param {AccessContext} context
 * @param {any} entry
 * @param {Record<string, string>} own user 1's values for the path
 */
export async function accessRows(context, entry, own) {
  const rows = [];
  const names = OWN_PARAMETERS.filter((name) => entry.path.includes(`{${name}}`));
  for (const name of names) {
    const other = context.others[name];
    const example = `another user's ${name}`;
    if (!other) {
      rows.push({ kind: 'access', example, result: 'not selected', note: `no ${name} known that is not the caller's` });
      continue;
    }
    const [template] = context.requests(entry, { ...own, [name]: other.value });
    const { row } = await context.exchange(context.session, entry, template, {
      expect: 'declared',
      kind: 'access',
      example,
      judge: (answer) =>
        refusalViolations(answer, {
          status: 404,
          what: `another user's ${name}`,
          known: context.user2?.known ?? [],
          sent: `${template.url} ${template.body ?? ''}`,
          served: `another user's ${name} (${other.value}) was served to user 1`,
          otherStatus: (status) =>
            status === 403
              ? `403 for another user's ${name}: the contract answers 404 (NotYours), which does not tell that it exists`
              : undefined,
        }),
    });
    row.note = [row.note, `${name} ${other.value}, ${other.from}`].filter(Boolean).join('; ');
    rows.push(row);
  }
  return rows;
}

/**
 * A read as user 2, with user 2's own ids: it must conform, and must not answer user 1's
 * identity (a gateway that ignores the token and serves one fixed account).
 * @param {AccessContext} context
 * @param {any} session user 2's
 * @param {any} entry
 * @param {any} template user 2's request
 */
export async function identityRow(context, session, entry, template) {
  const { row, answer } = await context.exchange(session, entry, template, {
    kind: 'access',
    example: "user 2's own answer",
    judge: (/** @type {Answer} */ answer) => {
      // What the kit knows of user 1 without the gateway's word: its user id and its username.
      const identity = context.user1.filter((known) => known.key !== 'email');
      const shown = shownValues(answer, identity, template.url);
      return shown.length
        ? [
            {
              rule: 'access',
              where: 'body',
              pointer: '',
              message: "user 2's session is answered with user 1's identity: the gateway answers for another account than the token's",
              expected: "user 2's own",
              received: shown.map(showKnown).join(', '),
            },
          ]
        : [];
    },
  });
  return { row, answer };
}
