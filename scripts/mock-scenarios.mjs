// The scenario rules of the mock: which named example of the contract answers which request.
// Pure functions over the bundled document and openapi/mock-scenarios.yaml, shared by the
// mock server and its tests.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { findOperation } from '@signin-portal/verify-gateway/operation-matcher';
import { listOperations, resolveRef } from '@signin-portal/verify-gateway/openapi-document';

export { findOperation, resolveRef };

/**
 * Every operation of the bundle, for the API client's matcher. Look a request up
 * with {@link findOperation}: the same rules as the client, literal paths before templated ones.
 */
export function indexOperations(document) {
  return listOperations(document).map(({ path, method, operation }) => ({
    id: operation.operationId,
    method,
    path,
    operation,
  }));
}

/** The status code whose response holds the named example, or undefined. */
export function statusOfExample(document, operation, exampleName) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const resolved = resolveRef(document, response);
    for (const media of Object.values(resolved.content ?? {})) {
      if (media.examples && Object.hasOwn(media.examples, exampleName)) return Number(status);
    }
  }
  return undefined;
}

export function loadScenarios(file) {
  return parse(readFileSync(file, 'utf8'));
}

/** The username and password of HTTP basic credentials, or undefined. */
function basicCredentials(authorization) {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The username of HTTP basic credentials, or undefined. */
export const basicUser = (authorization) => basicCredentials(authorization)?.user;

function matchesValue(expected, actual) {
  if (expected === '*') return actual !== undefined && actual !== null && actual !== '';
  return actual !== undefined && String(actual) === String(expected);
}

function matchesMap(expected, lookup) {
  return Object.entries(expected ?? {}).every(([name, value]) => matchesValue(value, lookup(name)));
}

/** The request's cookies by name. */
export function cookiesOf(header) {
  const cookies = {};
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0) cookies[part.slice(0, separator).trim()] = part.slice(separator + 1).trim();
  }
  return cookies;
}

/**
 * The first rule of the operation that matches the request, or undefined.
 * request: { headers (lower-cased names), query (URLSearchParams), body (parsed JSON or
 * undefined), session (what the mock remembers for the request's session, if any) }
 */
export function chooseRule(scenarios, operationId, request) {
  const rules = scenarios.rules?.[operationId] ?? [];
  return rules.find(({ when = {} }) => {
    if (when.basicUser !== undefined && basicUser(request.headers.authorization) !== when.basicUser) return false;
    if (when.basicPassword !== undefined && basicCredentials(request.headers.authorization)?.password !== when.basicPassword) return false;
    if (!matchesMap(when.header, (name) => request.headers[name.toLowerCase()])) return false;
    if (!matchesMap(when.query, (name) => request.query.get(name) ?? undefined)) return false;
    if (!matchesMap(when.body, (name) => (request.body && typeof request.body === 'object' ? request.body[name] : undefined))) return false;
    if (!matchesMap(when.cookie, (name) => cookiesOf(request.headers.cookie)[name])) return false;
    if (!matchesMap(when.session, (name) => request.session?.[name])) return false;
    return true;
  });
}

/**
 * @typedef {object} MockSession What the mock keeps for one sign-in.
 * @property {string} persona The token of the sign-in example the session was minted from
 *   (`token-setup`): rules match it, whatever token the session carries.
 * @property {string | undefined} username The basic-auth username that signed in, if any.
 * @property {string | undefined} userId
 * @property {boolean} revoked True once signed out: the token is refused from then on.
 * @property {Record<string, string>} state Journey steps the rules remember (`remember:`).
 */

/**
 * The mock's sessions: each sign-in mints a token of its own, so two browsers signed in as the
 * same persona never share state, and a sign-out revokes only its own token. A token the mock
 * did not mint (a made-up one, or the examples' `token-setup`) is no session: the scenario layer
 * answers it 401, as it answers a revoked one and one idle for longer than `idleSeconds` (the
 * spec's idle period and its warning, 1,770 + 30 s). The oldest sessions are forgotten past
 * `limit`.
 */
export function createSessionStore({ limit = 10_000, idleSeconds = 1800, now = () => Date.now() } = {}) {
  /** @type {Map<string, MockSession & { usedAt: number }>} */
  const sessions = new Map();
  return {
    /** A fresh token for a sign-in whose example answered `persona`. */
    mint(persona, { username, userId } = {}) {
      const token = `${persona}.${randomUUID()}`;
      sessions.set(token, { persona, username, userId, revoked: false, state: {}, usedAt: now() });
      if (sessions.size > limit) sessions.delete(sessions.keys().next().value);
      return token;
    },
    /** The session a token was minted for, or undefined. */
    find: (token) => (token === undefined ? undefined : sessions.get(token)),
    /**
     * The live session a token holds, and a call's use of it keeps it alive; undefined for a
     * token the mock never minted, one signed out, or one left unused for `idleSeconds`.
     */
    use(token) {
      const session = token === undefined ? undefined : sessions.get(token);
      if (!session || session.revoked || now() - session.usedAt > idleSeconds * 1000) return undefined;
      session.usedAt = now();
      return session;
    },
    /** The token rules match: a minted token's persona, any other token as it is. */
    persona: (token) => (token === undefined ? undefined : (sessions.get(token)?.persona ?? token)),
    revoke(token) {
      const session = token === undefined ? undefined : sessions.get(token);
      if (session) session.revoked = true;
    },
  };
}

/** The value of the first named example of an operation's response to a status, or undefined. */
export function exampleValue(document, operation, status) {
  const response = resolveRef(document, operation.responses?.[String(status)]);
  for (const media of Object.values(response?.content ?? {})) {
    const [example] = Object.values(media.examples ?? {});
    if (example) return resolveRef(document, example).value;
  }
  return undefined;
}

/** The rule that answers when no other matches: the first example of the first 2xx response. */
export function defaultRespond(document, operation) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const media of Object.values(resolveRef(document, response).content ?? {})) {
      const [name] = Object.keys(media.examples ?? {});
      if (name) return { example: name, code: Number(status) };
    }
    return { code: Number(status) };
  }
  return undefined;
}

/** The Prefer header that makes Prism answer as the rule says. */
export function preferFor(document, operation, respond) {
  const parts = [];
  const code = respond.code ?? (respond.example ? statusOfExample(document, operation, respond.example) : undefined);
  if (code !== undefined) parts.push(`code=${code}`);
  if (respond.example) parts.push(`example=${respond.example}`);
  return parts.join(', ');
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysFrom(from, to) {
  const day = (iso) => {
    const [, year, month, date] = ISO_DATE.exec(iso) ?? [];
    if (!year) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
    return Date.UTC(Number(year), Number(month) - 1, Number(date));
  };
  return Math.round((day(to) - day(from)) / DAY_MS);
}

/** Today as `YYYY-MM-DD` (the machine's local day), or `MOCK_TODAY` when set. */
export function mockToday(env = process.env, now = new Date()) {
  if (env.MOCK_TODAY) {
    if (!ISO_DATE.test(env.MOCK_TODAY)) throw new Error(`MOCK_TODAY must be YYYY-MM-DD, got "${env.MOCK_TODAY}"`);
    return env.MOCK_TODAY;
  }
  const pad = (value) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Every `YYYY-MM-DD` string of an answer moved by the same number of days, so that examples
 * written against the scenarios' reference date (deadlines, reminders, announcements) keep their
 * meaning on any day the mock runs: 'near' stays 10 days ahead, 'mandatory' stays past.
 */
export function shiftDates(value, days) {
  if (days === 0) return value;
  if (typeof value === 'string') {
    if (!ISO_DATE.test(value)) return value;
    const [year, month, date] = value.split('-').map(Number);
    return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
  }
  if (Array.isArray(value)) return value.map((item) => shiftDates(item, days));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shiftDates(item, days)]));
  return value;
}
