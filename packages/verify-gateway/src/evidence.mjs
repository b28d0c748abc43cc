// What a failed row keeps of its exchange, for the HTML report and for a replay: the request in
// a form that can be sent again (secrets masked, and which of them a replay can put back) and
// the answer (status, headers, the start of the body), masked and capped like everything the
// kit prints.
import { parseString as parseSetCookie } from 'set-cookie-parser';
import { SECRET_NAME } from './contract.mjs';
import { MASK, maskJson, maskSecrets } from './redact.mjs';

/** The most of an answer's body a row keeps, in characters. */
export const ANSWER_EXCERPT_CHARS = 4096;

/**
 * @typedef {object} MaskedPart a part of a stored request whose value was masked
 * @property {string} where `header X-Auth-Token`, `body /password`, `url`
 * @property {'token' | 'basic' | 'cookies' | 'xsrf'} [restore] what a replay puts in its place:
 *   its own session token, its own basic credentials, its own cookies or its own anti-forgery
 *   token; absent: a value a replay cannot restore (a code, a password in the body, a link token)
 */

/**
 * @typedef {object} StoredRequest a request as a failed row keeps it
 * @property {string} method
 * @property {string} url the path and query, relative to the gateway (absolute when it went elsewhere)
 * @property {Record<string, string>} headers secrets masked
 * @property {string} [body] secrets masked
 * @property {MaskedPart[]} masked
 */

/**
 * @typedef {object} StoredAnswer an answer as a failed row keeps it
 * @property {number | null} status
 * @property {Record<string, string | string[]>} headers lower-case names, secrets and cookie values masked
 * @property {string} body the body as UTF-8 text, secrets masked, at most {@link ANSWER_EXCERPT_CHARS} characters
 * @property {number} bodyBytes the size of the body the kit read (decoded)
 * @property {boolean} truncated whether `body` is only the start of it
 */

/** Every JSON pointer at which masking changed a value (a secret-named field, a secret inside a string). */
function maskedPointers(original, masked, pointer = '') {
  if (masked && typeof masked === 'object' && original && typeof original === 'object')
    return Object.keys(masked).flatMap((key) =>
      maskedPointers(original[key], masked[key], `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  return JSON.stringify(original) === JSON.stringify(masked) ? [] : [pointer];
}

/** The path and query of a URL the kit sent, relative to the gateway when it is under it. */
function relativeUrl(url, base) {
  const root = base.href.replace(/\/$/, '');
  return url.startsWith(`${root}/`) ? url.slice(root.length) : url;
}

/**
 * A request as a failed row keeps it. The credentials this session sent (its token, its basic
 * credentials, its cookies and anti-forgery header) are masked and marked for a replay to put its
 * own in their place; every other masked value is marked as one it cannot restore.
 *
 * @param {import('./transport.mjs').KitRequest} request as sent (absolute URL)
 * @param {{ base: URL, token?: string | undefined, basic?: string | undefined }} session whose credentials the request carried
 * @param {string[]} secrets values masked wherever they appear
 * @returns {StoredRequest}
 */
export function storedRequest(request, session, secrets) {
  /** @type {MaskedPart[]} */
  const masked = [];
  const url = maskSecrets(relativeUrl(request.url, session.base), secrets);
  if (url !== relativeUrl(request.url, session.base)) masked.push({ where: 'url' });
  // The anti-forgery header a browser sends is the value of the cookie sent beside it.
  const cookieHeader = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'cookie')?.[1] ?? '';
  const xsrfCookie = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(cookieHeader)?.[1];
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    const shown = SECRET_NAME.test(name) ? MASK : maskSecrets(value, secrets);
    headers[name] = shown;
    if (shown === value) continue;
    /** @type {MaskedPart['restore']} */
    let restore;
    if (lower === 'x-auth-token' && value === session.token) restore = 'token';
    else if (lower === 'authorization' && value === session.basic) restore = 'basic';
    else if (lower === 'cookie') restore = 'cookies';
    else if (lower === 'x-xsrf-token' && xsrfCookie !== undefined && value === xsrfCookie) restore = 'xsrf';
    masked.push({ where: `header ${name}`, ...(restore && { restore }) });
  }
  /** @type {StoredRequest} */
  const stored = { method: request.method, url, headers, masked };
  if (request.body !== undefined) {
    let parsed;
    try {
      parsed = JSON.parse(request.body);
    } catch {
      parsed = undefined;
    }
    const body = maskSecrets(parsed === undefined ? request.body : JSON.stringify(maskJson(parsed)), secrets);
    stored.body = parsed !== undefined && JSON.stringify(parsed) === body ? request.body : body;
    if (stored.body !== request.body) {
      let after;
      try {
        after = JSON.parse(stored.body);
      } catch {
        after = undefined;
      }
      const pointers = parsed !== undefined && after !== undefined ? maskedPointers(parsed, after) : [];
      masked.push(...(pointers.length ? pointers.map((pointer) => ({ where: `body ${pointer || '(root)'}` })) : [{ where: 'body' }]));
    }
  }
  return stored;
}

/** A Set-Cookie line with its value masked: a cookie's value is a credential or an anti-forgery token. */
function maskCookieLine(line, secrets) {
  const cookie = parseSetCookie(line, { decodeValues: false });
  const shown = cookie.name && cookie.value ? line.replace(`${cookie.name}=${cookie.value}`, `${cookie.name}=${MASK}`) : line;
  return maskSecrets(shown, secrets);
}

/** Cuts text to `limit` characters, never inside a surrogate pair. */
function cut(text, limit) {
  if (text.length <= limit) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, end);
}

/**
 * The envelope's error codes (`errors[].code`, AUERR05...) put back after masking: they are what
 * the answer means, not one-time codes (the violations name them too).
 */
function keepErrorCodes(parsed, masked) {
  if (!Array.isArray(parsed?.errors) || !Array.isArray(masked?.errors)) return masked;
  const errors = masked.errors.map((item, index) => {
    const code = parsed.errors[index]?.code;
    return item && typeof item === 'object' && typeof code === 'string' ? { ...item, code } : item;
  });
  return { ...masked, errors };
}

/**
 * An answer as a failed row keeps it: its status, its headers (credential-named ones and every
 * cookie's value masked) and the start of its body (secret-named JSON fields and known secrets
 * masked before it is cut, so no part of a secret is left at the cut).
 *
 * @param {import('./transport.mjs').Answer} answer
 * @param {string[]} secrets
 * @returns {StoredAnswer}
 */
export function storedAnswer(answer, secrets) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    if (value === undefined) continue;
    if (name === 'set-cookie') headers[name] = [value].flat().map((line) => maskCookieLine(line, secrets));
    else if (SECRET_NAME.test(name)) headers[name] = MASK;
    else headers[name] = Array.isArray(value) ? value.map((item) => maskSecrets(item, secrets)) : maskSecrets(value, secrets);
  }
  const text = answer.body.toString('utf8');
  let shown = text;
  try {
    const parsed = JSON.parse(text);
    const masked = JSON.stringify(keepErrorCodes(parsed, maskJson(parsed)));
    // Re-written only when a field was masked: otherwise the body stays as the gateway sent it.
    if (masked !== JSON.stringify(parsed)) shown = masked;
  } catch {
    // Not JSON: only the known secret values are masked.
  }
  shown = maskSecrets(shown, secrets);
  const body = cut(shown, ANSWER_EXCERPT_CHARS);
  return { status: answer.status, headers, body, bodyBytes: answer.body.length, truncated: body.length < shown.length };
}

/**
 * Gives a failed row what the HTML report and a replay need: `request` (replayable, masked),
 * `answer` (masked, capped; absent when nothing was received) and `expect` (what its answer was
 * held to). A row that passed is left as it is. Every kind of row gets it here.
 *
 * @param {import('./run.mjs').Row} row
 * @param {{ request?: import('./transport.mjs').KitRequest, answer?: import('./transport.mjs').Answer,
 *   session: { base: URL, token?: string | undefined, basic?: string | undefined }, secrets: string[],
 *   expect: import('./checks.mjs').Expectation }} exchange
 */
export function keepEvidence(row, { request, answer, session, secrets, expect }) {
  if (row.result !== 'failed') return row;
  if (request) row.request = storedRequest(request, session, secrets);
  if (answer) row.answer = storedAnswer(answer, secrets);
  row.expect = expect;
  return row;
}
