// The contract's `x-rate-limit`, probed on request (`--probe-limits`: it locks a test account):
// the declared attempts, each with its secret made wrong (a random code, a wrong password, a
// made-up link token), then one more must be answered 429 with a valid `Retry-After` (and
// well-formed RateLimit fields when the gateway sends them). Its helpers also say what a 429 holds
// wherever the kit meets one (src/run.mjs hands in how to send and check).
import { answerJson, describeViolation, errorCodes } from './checks.mjs';
import { SECRET_NAME } from './contract.mjs';
import { alike } from './access.mjs';

/**
 * @typedef {import('./checks.mjs').Violation} Violation
 * @typedef {import('./transport.mjs').Answer} Answer
 * @typedef {{ attempts: number, windowSeconds: number, per: string, counts: string, steps?: string[] }} RateLimit
 */

/** Names that look like secrets but are the session's own credentials, or made fresh on every request. */
const NOT_THE_SECRET = /^(x-auth-token|x-xsrf-token|authorization|cookie|captcha|accept|content-type)$/i;
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The same request with its secrets made wrong (`alike`: the same shape, another value): the body's
 * and the query's fields and the headers named like secrets (a code, an answer, a password, a link
 * token); when it carries none, the basic credentials' password.
 * `make` gives the wrong value (`alike` by default; an empty one gives a request the contract refuses).
 * @param {any} template
 * @param {{ user?: string, password?: string, basic: boolean }} credentials
 * @param {(value: string) => string} [make]
 * @returns {{ template: any, headers: Record<string, string>, changed: string[] }}
 */
export function withWrongSecrets(template, { user, password, basic }, make = alike) {
  const changed = [];
  // Named like a secret, or a value the contract's schemas call one (a link token in `id`).
  const secret = (name, value) =>
    !NOT_THE_SECRET.test(name) && (SECRET_NAME.test(name) || (typeof value === 'string' && (template.secrets ?? []).includes(value)));
  const headers = Object.fromEntries(
    Object.entries(template.headers).map(([name, value]) => {
      if (!secret(name, value)) return [name, value];
      changed.push(`header ${name}`);
      return [name, make(value)];
    }),
  );
  const [path, query] = template.url.split('?');
  let url = template.url;
  if (query) {
    const params = new URLSearchParams(query);
    for (const [name, value] of [...params]) {
      if (!secret(name, value)) continue;
      params.set(name, make(value));
      changed.push(`query ${name}`);
    }
    url = `${path}?${params}`;
  }
  const wrong = (value, key, where) => {
    if (typeof value === 'string' && secret(key, value)) {
      changed.push(`body ${where}`);
      return make(value);
    }
    if (Array.isArray(value)) return value.map((item, index) => wrong(item, key, `${where}/${index}`));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, wrong(item, name, `${where}/${name}`)]));
    return value;
  };
  let body = template.body;
  if (body !== undefined) {
    try {
      body = JSON.stringify(wrong(JSON.parse(body), '', ''));
    } catch {
      // Not JSON: nothing in it to make wrong.
    }
  }
  /** @type {Record<string, string>} */
  const extra = {};
  if (!changed.length && basic && user !== undefined && password !== undefined) {
    extra.Authorization = `Basic ${Buffer.from(`${user}:${make(password)}`, 'utf8').toString('base64')}`;
    changed.push('basic password');
  }
  return { template: { ...template, url, headers, body }, headers: extra, changed };
}

/** Why a `Retry-After` value is not one (RFC 9110, section 10.2.3), or undefined when it is. */
export function retryAfterProblem(value) {
  if (value === undefined) return 'absent';
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return undefined;
  if (IMF_FIXDATE.test(text) && !Number.isNaN(Date.parse(text))) return undefined;
  return 'neither a number of seconds nor an HTTP date';
}

/** The wait a 429 asks for, in words. */
export function waitOf(answer) {
  const value = answer.headers['retry-after'];
  if (value === undefined) return 'no Retry-After';
  const text = String(value);
  return /^\d+$/.test(text) ? `Retry-After ${text} s` : `Retry-After ${text}`;
}

/**
 * The items of a structured field list (RFC 8941) as the RateLimit fields use it:
 * `"attempts";r=0;t=300, "daily";r=9;t=80000`: each its name and integer parameters; undefined
 * when the text is not such a list.
 */
export function rateLimitItems(text) {
  const items = [];
  for (const part of String(text).split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!/^("[^"\\]*"|[A-Za-z*][A-Za-z0-9_.:%*/-]*)$/.test(name)) return undefined;
    /** @type {Record<string, number>} */
    const values = {};
    for (const param of params) {
      const match = /^([a-z*][a-z0-9_.*-]*)=(-?\d{1,15})$/.exec(param.trim());
      if (!match) return undefined;
      values[match[1]] = Number(match[2]);
    }
    items.push({ name, values });
  }
  return items;
}

/**
 * The violations of a 429: `Retry-After` a number of seconds or an HTTP date (the contract's
 * schema checks the pattern; this, that a date is one), and the RateLimit fields, when present,
 * well-formed: `RateLimit` items with `r` (none left on a 429: one at 0) and `t` not negative,
 * `RateLimit-Policy` items with `q` above 0 and `w` not negative.
 * @param {Answer} answer
 * @returns {Violation[]}
 */
export function throttledViolations(answer) {
  /** @type {Violation[]} */
  const violations = [];
  const problem = retryAfterProblem(answer.headers['retry-after']);
  if (problem)
    violations.push({
      rule: 'throttling',
      where: 'header Retry-After',
      message: `a 429 whose Retry-After is ${problem}`,
      expected: 'seconds (300) or an HTTP date (Sun, 22 Nov 2026 10:05:00 GMT)',
      received: answer.headers['retry-after'] === undefined ? 'absent' : JSON.stringify(answer.headers['retry-after']),
    });
  const field = (name, check, expected) => {
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) return;
    const items = rateLimitItems([value].flat().join(', '));
    const wrong =
      !items || items.some((item) => !check(item.values)) || (name === 'RateLimit' && !items.some((item) => item.values.r === 0));
    if (wrong)
      violations.push({
        rule: 'throttling',
        where: `header ${name}`,
        message: `a 429 whose ${name} is not well-formed`,
        expected,
        received: JSON.stringify([value].flat().join(', ')),
      });
  };
  field(
    'RateLimit',
    (values) => Number.isInteger(values.r) && values.r >= 0 && (values.t === undefined || values.t >= 0),
    '"name";r=0;t=SECONDS (none left)',
  );
  field(
    'RateLimit-Policy',
    (values) => Number.isInteger(values.q) && values.q > 0 && (values.w === undefined || values.w >= 0),
    '"name";q=ATTEMPTS;w=SECONDS',
  );
  return violations;
}

/**
 * Whether an answer is a failed attempt, as `counts: failures` counts them: an error status, or a
 * business error other than the `steps` the quota lists (the sign-in's next step asked for).
 */
const failed = (answer, steps = []) => {
  const codes = errorCodes(answerJson(answer));
  return answer.status >= 400 || (codes.length > 0 && !codes.every((code) => steps.includes(code)));
};

/**
 * The declared attempts with the secret made wrong, then one more: the first 429 ends it (a
 * gateway may throttle sooner, never later); none by then fails. Where failures are counted and
 * the gateway takes the wrong secret as right (a test gateway that takes any code), that attempt
 * did not count: the attempts after it carry a secret the contract refuses (`refused`: a 400,
 * which counts as a failure too), and the note says so.
 * @param {object} how
 * @param {RateLimit} how.limit
 * @param {(refused: boolean) => Promise<{ request: any, answer: Answer }>} how.send one attempt
 * @param {(answer: Answer) => Violation[]} how.check the contract's verdict on one answer
 * @returns {Promise<{ violations: Violation[], note: string, status: number | null, ms: number, request: any, throttled?: Answer }>}
 */
export async function probeLimit({ limit, send, check }) {
  /** @type {Violation[]} */
  const violations = [];
  const seen = new Set();
  const statuses = [];
  let ms = 0;
  let request;
  let last;
  let counted = 0;
  let taken;
  const quota = `x-rate-limit: ${limit.attempts} ${limit.counts} per ${limit.per} in ${limit.windowSeconds} s`;
  // The declared attempts that count, then one more; at most twice that, whatever the gateway answers.
  while (counted <= limit.attempts && statuses.length < 2 * (limit.attempts + 1)) {
    const sent = await send(taken !== undefined);
    ({ request } = sent);
    last = sent.answer;
    ms += last.ms;
    statuses.push(last.status ?? 'none');
    for (const violation of check(last)) {
      const line = describeViolation(violation);
      if (!seen.has(line)) violations.push(violation);
      seen.add(line);
    }
    if (last.status === null || last.status === 429) break;
    if (limit.counts === 'requests' || failed(last, limit.steps)) counted += 1;
    else taken ??= statuses.length;
  }
  const answered = [...new Set(statuses)].map((status) => `${status} ×${statuses.filter((other) => other === status).length}`).join(', ');
  const tookIt =
    taken === undefined
      ? ''
      : `; the gateway took attempt ${taken}'s wrong secret as right (it did not count): the attempts after it carried an empty one, which the contract refuses`;
  if (last?.status === null) return { violations, note: `answered ${answered}${tookIt}`, status: null, ms, request };
  if (last?.status !== 429) {
    violations.push({
      rule: 'throttling',
      where: 'status',
      message: `not throttled after ${statuses.length} attempts`,
      expected: `429 once ${limit.attempts} ${limit.counts === 'requests' ? 'requests' : 'failed attempts'} were made (${quota})`,
      received: answered,
    });
    return { violations, note: `answered ${answered}${tookIt}`, status: last?.status ?? null, ms, request };
  }
  violations.push(...throttledViolations(last));
  return {
    violations,
    note: `429 at attempt ${statuses.length} (${quota}), ${waitOf(last)}; answered ${answered}${tookIt}`,
    status: 429,
    ms,
    request,
    throttled: last,
  };
}
