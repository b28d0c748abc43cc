// The contract's `x-same-answer`: where the spec's screen says the same thing whether or not an
// account exists, the gateway answers a request naming an identifier it does not know as one
// naming an identifier it knows: the same status, the same body (its JSON structure and types,
// and its error codes) and in the same time. The kit sends both, interleaved, a few times each,
// and names every difference (src/run.mjs hands in how to send and check).
import { describeViolation, errorCodes, answerJson } from './checks.mjs';
import { alike } from './access.mjs';

/** Tries of each request (the known identifier, the unknown one). */
export const DEFAULT_SAME_ANSWER_TRIES = 5;
/** The medians of the two may differ by this many milliseconds, or by half the larger median if that is more. */
export const DEFAULT_SAME_ANSWER_TOLERANCE_MS = 150;
const TOLERANCE_SHARE = 0.5;

/**
 * @typedef {import('./checks.mjs').Violation} Violation
 * @typedef {import('./transport.mjs').Answer} Answer
 */

/** A request template with one field of its JSON body (or one query parameter) set to `value`. */
export function withField(template, where, name, value) {
  if (where === 'query') {
    const [path, query = ''] = template.url.split('?');
    const params = new URLSearchParams(query);
    params.set(name, value);
    return { ...template, url: `${path}?${params}` };
  }
  const body = template.body === undefined ? undefined : JSON.parse(template.body);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return template;
  return { ...template, body: JSON.stringify({ ...body, [name]: value }) };
}

/** The value of a field of a template's JSON body (or of a query parameter), if it has one. */
export function fieldOf(template, where, name) {
  if (where === 'query') return new URLSearchParams(template.url.split('?')[1] ?? '').get(name) ?? undefined;
  const body = template.body === undefined ? undefined : JSON.parse(template.body);
  const value = body && typeof body === 'object' ? body[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const items = (count) => `${count} item${count === 1 ? '' : 's'}`;
const kindOf = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where two JSON bodies differ in structure or type (values aside): a property one has and the
 * other lacks, a type that differs, a list empty in one and not in the other; lists are compared
 * by their first items.
 * @returns {{ pointer: string, known: string, unknown: string }[]}
 */
export function shapeDifferences(known, unknown, pointer = '') {
  const [a, b] = [kindOf(known), kindOf(unknown)];
  if (a !== b) return [{ pointer, known: a, unknown: b }];
  if (a === 'array') {
    if (!known.length !== !unknown.length) return [{ pointer, known: items(known.length), unknown: items(unknown.length) }];
    return known.length ? shapeDifferences(known[0], unknown[0], `${pointer}/0`) : [];
  }
  if (a !== 'object') return [];
  const keys = [...new Set([...Object.keys(known), ...Object.keys(unknown)])];
  return keys.flatMap((key) => {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!(key in unknown)) return [{ pointer: at, known: kindOf(known[key]), unknown: 'absent' }];
    if (!(key in known)) return [{ pointer: at, known: 'absent', unknown: kindOf(unknown[key]) }];
    return shapeDifferences(known[key], unknown[key], at);
  });
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const countOf = (values) => [...new Set(values)].map((value) => `${value} ×${values.filter((other) => other === value).length}`).join(', ');

/**
 * Sends the request naming a known identifier and the same one naming an unknown identifier
 * (random, shaped like the known one: {@link alike}), `tries` times each, interleaved, and
 * compares their answers.
 * @param {object} how
 * @param {any} how.template the request with the known identifier
 * @param {{ in: string, name: string }} how.rule the operation's `x-same-answer`
 * @param {(template: any) => Promise<{ request: any, answer: Answer }>} how.send
 * @param {(answer: Answer) => Violation[]} how.check the contract's verdict on one answer
 * @param {number} [how.tries]
 * @param {number} [how.toleranceMs]
 * @returns {Promise<{ violations: Violation[], note: string, status: number | null, ms: number, request: any, throttled?: Answer }>}
 */
export async function compareAnswers({
  template,
  rule,
  send,
  check,
  tries = DEFAULT_SAME_ANSWER_TRIES,
  toleranceMs = DEFAULT_SAME_ANSWER_TOLERANCE_MS,
}) {
  const knownValue = fieldOf(template, rule.in, rule.name) ?? '';
  const unknownTemplate = withField(template, rule.in, rule.name, alike(knownValue));
  /** @type {{ known: Answer[], unknown: Answer[] }} */
  const answers = { known: [], unknown: [] };
  /** @type {Violation[]} */
  const violations = [];
  const seen = new Set();
  let request;
  let ms = 0;
  for (let round = 0; round < tries; round += 1) {
    // Each round in turn starts with the other, so neither always meets a warmed-up gateway.
    const order = round % 2 ? /** @type {const} */ (['unknown', 'known']) : /** @type {const} */ (['known', 'unknown']);
    for (const side of order) {
      const sent = await send(side === 'known' ? template : unknownTemplate);
      if (side === 'unknown') request = sent.request;
      ms += sent.answer.ms;
      for (const violation of check(sent.answer)) {
        const line = describeViolation(violation);
        if (!seen.has(line)) violations.push({ ...violation, message: `${violation.message} (the ${side} ${rule.name})` });
        seen.add(line);
      }
      if (sent.answer.status === 429) return { violations, note: '', status: 429, ms, request, throttled: sent.answer };
      if (sent.answer.status === null) return { violations, note: '', status: null, ms, request };
      answers[side].push(sent.answer);
    }
  }
  const what = `a known and an unknown ${rule.name}`;
  const statuses = { known: answers.known.map((answer) => answer.status), unknown: answers.unknown.map((answer) => answer.status) };
  const set = (values) => [...new Set(values)].sort().join(' ');
  if (set(statuses.known) !== set(statuses.unknown))
    violations.push({
      rule: 'same-answer',
      where: 'status',
      message: `${what} are answered with different statuses`,
      expected: `the known's: ${countOf(statuses.known)}`,
      received: `the unknown's: ${countOf(statuses.unknown)}`,
    });
  const [knownJson, unknownJson] = [answerJson(answers.known[0]), answerJson(answers.unknown[0])];
  for (const difference of shapeDifferences(knownJson, unknownJson))
    violations.push({
      rule: 'same-answer',
      where: `body ${difference.pointer || '(root)'}`,
      pointer: difference.pointer,
      message: `${what} are answered with bodies of another shape`,
      expected: `the known's: ${difference.known}`,
      received: `the unknown's: ${difference.unknown}`,
    });
  const codes = { known: errorCodes(knownJson).join(', ') || 'none', unknown: errorCodes(unknownJson).join(', ') || 'none' };
  if (codes.known !== codes.unknown)
    violations.push({
      rule: 'same-answer',
      where: 'body /errors',
      pointer: '/errors',
      message: `${what} are answered with different error codes`,
      expected: `the known's: ${codes.known}`,
      received: `the unknown's: ${codes.unknown}`,
    });
  const medians = { known: median(answers.known.map((answer) => answer.ms)), unknown: median(answers.unknown.map((answer) => answer.ms)) };
  const allowed = Math.max(toleranceMs, TOLERANCE_SHARE * Math.max(medians.known, medians.unknown));
  const gap = Math.abs(medians.known - medians.unknown);
  const times = `the known in ${Math.round(medians.known)} ms, the unknown in ${Math.round(medians.unknown)} ms (medians of ${tries})`;
  if (gap > allowed)
    violations.push({
      rule: 'same-answer',
      where: 'time',
      message: `${what} are answered in different times: the difference tells whether the account exists`,
      expected: `medians within ${Math.round(allowed)} ms of each other`,
      received: times,
    });
  const note = `${tries} tries each, interleaved: ${times}; the difference allowed ${Math.round(allowed)} ms (the larger of ${toleranceMs} ms and half the larger median)`;
  return { violations, note, status: answers.unknown[0]?.status ?? null, ms, request };
}
