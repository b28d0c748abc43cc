// The mock's throttling: each operation's `x-rate-limit` (openapi/openapi.yaml's description says
// what its fields mean) kept per persona, as a gateway keeps it. Pure bookkeeping over a clock;
// the scenario layer (scripts/mock.mjs) asks before answering and records after.

/**
 * @typedef {{ attempts: number, windowSeconds: number, per: 'account' | 'session' | 'link' | 'client', counts: 'requests' | 'failures', steps?: string[] }} RateLimit
 * @typedef {{ basicUser?: string, body?: any, query: URLSearchParams, token?: string, sessionUser?: string, client: string }} LimitRequest
 */

/** The persona an attempt counts against, as the limit's `per` says; undefined when the request names none. */
export function limitKey(limit, request) {
  const field = (name) => {
    const fromBody = request.body && typeof request.body === 'object' ? request.body[name] : undefined;
    return typeof fromBody === 'string' ? fromBody : (request.query.get(name) ?? undefined);
  };
  switch (limit.per) {
    case 'account': {
      const account = request.basicUser ?? field('username') ?? field('email') ?? request.sessionUser;
      return account === undefined ? undefined : `account:${account.toLowerCase()}`;
    }
    case 'session':
      return request.token === undefined ? undefined : `session:${request.token}`;
    case 'link': {
      const token = field('token');
      return token === undefined ? undefined : `link:${token}`;
    }
    case 'client':
      return `client:${request.client}`;
    default:
      throw new Error(`x-rate-limit per "${limit.per}" is not one the mock knows`);
  }
}

/**
 * Whether an answer is a failed attempt: an error status, or a business error other than a
 * step of the sign-in (`steps`: the security question or a one-time code asked for next).
 */
export function isFailure(status, json, steps = []) {
  const codes = Array.isArray(json?.errors) ? json.errors.map((item) => item?.code) : [];
  return status >= 400 || (codes.length > 0 && !codes.every((code) => steps.includes(code)));
}

/**
 * The attempts of each operation per persona, in their windows. `check` says whether one more is
 * allowed (and when it will be if not); `record` counts one. `reset` forgets everything: the test
 * hook `POST /__mock/limits/reset`.
 */
export function createLimiter({ now = () => Date.now() } = {}) {
  /** @type {Map<string, number[]>} the times of the counted attempts, oldest first */
  const attempts = new Map();
  const recent = (key, limit) => {
    const since = now() - limit.windowSeconds * 1000;
    const times = (attempts.get(key) ?? []).filter((time) => time > since);
    if (times.length) attempts.set(key, times);
    else attempts.delete(key);
    return times;
  };
  return {
    /** @returns {{ allowed: true, left: number } | { allowed: false, retryAfterSeconds: number }} */
    check(operationId, limit, key) {
      const times = recent(`${operationId} ${key}`, limit);
      if (times.length < limit.attempts) return { allowed: true, left: limit.attempts - times.length };
      const retryAfterSeconds = Math.max(1, Math.ceil((times[0] + limit.windowSeconds * 1000 - now()) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
    record(operationId, limit, key) {
      const id = `${operationId} ${key}`;
      attempts.set(id, [...recent(id, limit), now()]);
      // A fuzz run names thousands of personas: keep the latest ten thousand.
      while (attempts.size > 10_000) attempts.delete(attempts.keys().next().value);
    },
    reset: () => attempts.clear(),
  };
}

/** The IETF RateLimit header fields for a limit (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(limit, { left, resetSeconds }) {
  return {
    'RateLimit-Policy': `"attempts";q=${limit.attempts};w=${limit.windowSeconds}`,
    RateLimit: `"attempts";r=${left};t=${resetSeconds}`,
  };
}
