// A stand-in gateway for the verification kit's tests: a node http server on 127.0.0.1 (an
// ephemeral port) that keeps the contract: it refuses invalid requests with the error envelope,
// answers every valid one with the first named example of its success response, and keeps the
// sessions and one-time codes the journeys walk; unless an override for the operation, or a
// named defect, says otherwise. Overrides can also write raw bytes to the connection, for the
// deviations node's own HTTP writer refuses to make (a body on a 204, a Content-Length that
// lies, a reset mid-body).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { freshCode } from '../../../scripts/mock.mjs';
import { createCredentialStore } from '../../../scripts/mock-credentials.mjs';
import { createLimiter, isFailure, limitKey, rateLimitHeaders } from '../../../scripts/mock-limits.mjs';
import { basicUser, findOperation, indexOperations, resolveRef } from '../../../scripts/mock-scenarios.mjs';
import { createRequestValidator, pathParameters } from '../../../scripts/request-validator.mjs';

const envelope = (code, description) => JSON.stringify({ errors: [{ code, description }] });

/**
 * An answer as the kit's transport gives it (src/transport.mjs), for tests that
 * judge answers without a server: `body` a string, or a value sent as JSON.
 * @returns {import('../src/transport.mjs').Answer}
 */
export function answerOf(status, body = '', headers = {}) {
  const json = typeof body !== 'string';
  const bytes = Buffer.from(json ? JSON.stringify(body) : body);
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    connected: true,
    status,
    headers: { ...(json && { 'content-type': 'application/json' }), ...lower },
    setCookie: [],
    body: bytes,
    wireBytes: bytes.length,
    trailingBytes: 0,
    keptOpen: false,
    failure: null,
    ms: 0,
  };
}

/** The answer a named example of an operation gives (the first example of its first success by default): { status, contentType, body }. */
export function exampleAnswer(document, operation, name) {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (name === undefined && !/^2/.test(status)) continue;
    const content = resolveRef(document, response).content ?? {};
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    if (!mediaType) {
      if (name === undefined) return { status: Number(status), body: '' };
      continue;
    }
    const example = name === undefined ? Object.values(media.examples ?? {})[0] : media.examples?.[name];
    if (!example) continue;
    const value = resolveRef(document, example).value;
    return { status: Number(status), contentType: mediaType, body: /json/.test(mediaType) ? JSON.stringify(value) : String(value) };
  }
  throw new Error(`${operation.operationId} has no example ${name ?? 'of a success'}`);
}

/**
 * @typedef {{ status: number, contentType?: string, headers?: Record<string, string | string[]>, body?: string | Buffer }
 *   | 'hang'
 *   | { raw: string | Buffer }
 *   | { custom: (socket: import('node:net').Socket) => void }} StubAnswer
 *   an answer; 'hang' never answers; `raw` bytes are written to the connection as they are, then it is
 *   closed; `custom` gets the connection to do anything with
 */

/**
 * @typedef {object} StubRequest what an override is given about the request
 * @property {URL} url
 * @property {string} body
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {StubAnswer | undefined} refusal the answer a gateway that keeps the contract gives
 *   this request when the contract refuses it (undefined when the request is valid)
 */

/**
 * The answer a gateway that keeps the contract gives a request the contract refuses: 400 (415 for
 * another media type, where declared) with the error envelope; where the operation declares
 * neither, its first declared 4xx.
 */
function refusalOf(operation, verdict) {
  const declared = Object.keys(operation.responses ?? {});
  const status =
    [String(verdict.status), '400'].find((candidate) => declared.includes(candidate)) ?? declared.find((key) => /^4/.test(key));
  return {
    status: Number(status),
    contentType: 'application/json',
    body: envelope(verdict.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST', verdict.problems.slice(0, 3).join('; ')),
  };
}

/** The user id the stub gives an account: the contract's example user's for `jsmith401` and `mfa`, another for each other name. */
export function userIdOf(username) {
  if (username === 'jsmith401' || username === 'mfa') return '100245';
  let hash = 0;
  for (const char of String(username)) hash = (hash * 31 + char.charCodeAt(0)) % 800_000;
  return String(200_000 + hash);
}

/** The email address the stub gives an account: the contract's example user's for `jsmith401` and `mfa`. */
export const emailOf = (username) =>
  username === 'jsmith401' || username === 'mfa' ? 'jane.smith@example.com' : `${String(username).toLowerCase()}@example.com`;

/** The plans an account may see: the contract's example list for the example user, one of its own for each other. */
export const plansOf = (username) =>
  userIdOf(username) === '100245'
    ? [
        { planId: 'PLN-20931', planName: 'Brightwater Dental 401(k) Plan', planStatus: 'ACTIVE' },
        { planId: 'PLN-31877', planName: 'Cedar Ridge Landscaping Safe Harbor 401(k)', planStatus: 'PENDING' },
      ]
    : [{ planId: `PLN-${userIdOf(username)}`, planName: `${username}'s Holdings 401(k) Plan`, planStatus: 'ACTIVE' }];

/** The accounts the stub knows besides those that sign in (an email or username the same-answer calls name). */
const KNOWN = ['jsmith401', 'mfa', 'akumar'];
/** Every account's password: any other is refused (AUERR02). */
export const PASSWORD = 'Retire#2045';
/** Tokens the stub issued outside a sign-in (the tests' `--token`), each the example user's. */
const ISSUED = ['stub-token', 'a-token-of-the-gateway'];

/**
 * The defects a stub can be started with, each one class of deviation a real gateway could ship:
 * the journeys' (a signed-out token accepted, a code taken twice), who may call what (a token
 * missing, made up, altered or carried elsewhere than its header; another user's ids served; a
 * refusal that says too much), throttling and the same answer.
 */
export const DEFECTS = /** @type {const} */ ([
  'accepts a signed-out token',
  'accepts a used code',
  'answers a read without a token',
  'takes a made-up token',
  'takes an altered token',
  'reads the token from a cookie',
  'reads the token from the query',
  'answers 401 with data',
  'answers 401 with an HTML page',
  "serves another user's userId on reads",
  "serves another user's userId on writes",
  "serves another user's plan",
  "removes another account's passkey",
  "answers 403 for another user's resource",
  'names the other user in its 404',
  'serves one fixed account',
  'never throttles',
  'throttles too late',
  'answers 429 without Retry-After',
  'answers a Retry-After in words',
  'answers 429 with attempts left in RateLimit',
  'answers an unknown email with another status',
  'answers an unknown email with another body',
  'answers an unknown username with another error code',
  'answers a known email 400 ms slower',
]);

/**
 * Starts the stub: a gateway that keeps the contract unless told otherwise. It refuses what the
 * contract refuses (scripts/request-validator.mjs) with the error envelope, and keeps the state
 * the journeys walk: each sign-in mints a token of its own and a sign-out revokes it; the basic
 * user `mfa` is asked for a one-time code (AUERR05); a code sent is given by the test hook
 * `GET /__stub/last-code?username=NAME&userId=ID` (either) and is good once. Passkeys and
 * recovery codes (this contract's extension) are the mock's credential store
 * (scripts/mock-credentials.mjs: its ceremonies verified for real), per signed-in username; the
 * account `akumar` holds a passkey from the start (tests/fixtures/passkey-localhost.json).
 *
 * Who may call what (the contract's x-access): a call that is not public without a token it
 * minted (or one of ISSUED), or with one signed out, gets 401 with the error envelope alone; an
 * `own-user` call on another user's `{userId}`, on a plan not in the caller's list
 * ({@link plansOf}) or on another account's passkey gets 404 with the envelope alone. Each account
 * has its own user id ({@link userIdOf}), email and plans, and the calls that name the caller
 * (validateSession, the credentials) name the session's. Throttling is the mock's
 * (scripts/mock-limits.mjs): every `x-rate-limit`, per persona, 429 with Retry-After and the
 * RateLimit fields, lifted by `POST /__stub/limits/reset`. The same-answer calls answer a known
 * and an unknown identifier alike (their example).
 *
 * overrides: { operationId: (example, request: StubRequest) => StubAnswer }, answering instead of
 * the stub (after its credential, ownership and throttling checks). defects: some of
 * {@link DEFECTS}. Resolves to { url, requests (the operationIds asked, in order), requested(id)
 * (resolves when that operation is asked), close() }.
 */
export function startStubGateway(document, overrides = {}, { defects = [] } = {}) {
  for (const defect of defects) if (!DEFECTS.includes(defect)) throw new Error(`the stub knows no defect "${defect}"`);
  const has = (defect) => defects.includes(defect);
  const operations = indexOperations(document);
  const validate = createRequestValidator(document);
  const requests = [];
  const waiting = new Map();
  const sockets = new Set();
  const revoked = new Set();
  /** Who signed in with each token the stub minted (or issued). */
  const usernames = new Map(ISSUED.map((token) => [token, 'jsmith401']));
  const known = new Set(KNOWN);
  const limiter = createLimiter();
  /** The last code sent, by `username:NAME` and `userId:ID`; the codes sent; the ones used. */
  const codes = new Map();
  const issued = new Set();
  const spent = new Set();
  const byId = new Map(operations.map((entry) => [entry.id, entry.operation]));
  const named = (id, name) => exampleAnswer(document, byId.get(id), name);
  const credentials = createCredentialStore({
    seeds: {
      passkeys: [
        { username: 'akumar', fixture: 'tests/fixtures/passkey-localhost.json', name: 'Test passkey', createdAt: '2026-10-02T14:05:00Z' },
      ],
    },
  });
  /** A sign-in's answer: the operation's success example with a token minted for `username`, and its user id. */
  const signedIn = (example, username) => {
    const value = JSON.parse(example.body);
    // Random, as a token must be: a counter would make the next session's token a guess away.
    value.data.token = `${value.data.token}.${randomUUID()}`;
    value.data.userId = userIdOf(username);
    usernames.set(value.data.token, username);
    known.add(username);
    return { ...example, body: JSON.stringify(value) };
  };
  /** The example, with the caller named as the session's user: its user id, username and email where the example names them. */
  const personal = (example, username) => {
    const value = JSON.parse(example.body);
    const fields = { userId: userIdOf(username), username, userName: username, email: emailOf(username), emailAddress: emailOf(username) };
    for (const target of [value, value.data])
      if (target && typeof target === 'object')
        for (const [name, field] of Object.entries(fields)) if (name in target) target[name] = field;
    return { ...example, body: JSON.stringify(value) };
  };
  const jsonAnswer = (value) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(value) });

  /** The stub's own behaviour for a valid request from `caller` (the session's username): the operation's example, and the journeys' state. */
  const conforming = async (entry, example, { url, body, headers }, caller) => {
    const json = (() => {
      try {
        return JSON.parse(body);
      } catch {
        return undefined;
      }
    })();
    const spend = (code) => {
      if (spent.has(code) && !defects.includes('accepts a used code')) return false;
      if (issued.has(code)) spent.add(code);
      return true;
    };
    switch (entry.id) {
      case 'authenticate': {
        const credentials = Buffer.from(String(headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        if (credentials.slice(credentials.indexOf(':') + 1) !== PASSWORD) return named('authenticate', 'AUERR02');
        const code = headers.twiliomfacode;
        if (typeof code === 'string' && !spend(code)) return named('authenticate', 'codeNotValid');
        if (code === undefined && basicUser(headers.authorization) === 'mfa') return named('authenticate', 'AUERR05');
        return signedIn(example, basicUser(headers.authorization));
      }
      case 'requestMfaCode':
      case 'requestUserMfaCode': {
        const code = freshCode([issued, spent]);
        issued.add(code);
        const userId = pathParameters(entry.path, url.pathname)?.userId;
        const username = json?.username ?? usernames.get(String(headers['x-auth-token']));
        if (typeof username === 'string') codes.set(`username:${username}`, code);
        if (userId !== undefined) codes.set(`userId:${decodeURIComponent(userId)}`, code);
        return example;
      }
      case 'verifyMfaCode':
        return spend(json?.code) ? example : named('verifyMfaCode', 'codeNotValid');
      case 'finishPasskeySignIn':
      case 'signInWithRecoveryCode': {
        const outcome =
          entry.id === 'finishPasskeySignIn'
            ? await credentials.finishPasskeySignIn(json)
            : credentials.signInWithRecoveryCode(
                { key: `user:${basicUser(headers.authorization)}`, username: basicUser(headers.authorization) },
                json,
              );
        return outcome.account ? signedIn(example, outcome.account.username) : jsonAnswer(outcome.failure);
      }
      case 'startPasskeySignIn':
        return jsonAnswer(await credentials.startPasskeySignIn());
      case 'startPasskeyRegistration':
      case 'finishPasskeyRegistration':
      case 'listPasskeys':
      case 'renamePasskey':
      case 'removePasskey':
      case 'generateRecoveryCodes':
      case 'getRecoveryCodeStatus': {
        const ref = (username) => ({ key: `user:${username}`, username });
        const passkeyId = decodeURIComponent(pathParameters(entry.path, url.pathname)?.passkeyId ?? '');
        const method = credentials[entry.id];
        if (!entry.path.includes('{passkeyId}')) return jsonAnswer(await method(ref(caller), json));
        // A broken gateway acts on the passkey whoever holds it.
        const holder = has("removes another account's passkey")
          ? ([...known].find((username) =>
              credentials.listPasskeys(ref(username)).data.passkeys.some((passkey) => passkey.id === passkeyId),
            ) ?? caller)
          : caller;
        const answer = await method(ref(holder), passkeyId, json);
        // The contract answers a passkey that is not the caller's 404, as any other resource.
        if (answer.errors?.[0]?.code === 'PKERR04') return { status: 404, contentType: 'application/json', body: JSON.stringify(answer) };
        return jsonAnswer(answer);
      }
      case 'validateSession':
      case 'validateSessionAlias':
      case 'getCredentials':
      case 'getUserCredentials':
        return personal(example, caller);
      case 'listPlans': {
        const value = JSON.parse(example.body);
        value.data.planList = plansOf(caller);
        return { ...example, body: JSON.stringify(value) };
      }
      case 'retrieveUsername': {
        const email = String(json?.email ?? '').toLowerCase();
        const isKnown = [...known].some((username) => emailOf(username) === email);
        if (isKnown && has('answers a known email 400 ms slower')) await new Promise((done) => setTimeout(done, 400));
        if (!isKnown && has('answers an unknown email with another status'))
          return { status: 400, contentType: 'application/json', body: envelope('RUERR01', 'No account has this email address') };
        if (!isKnown && has('answers an unknown email with another body'))
          return jsonAnswer({ errors: [{ code: 'RUERR01', description: 'No account has this email address' }] });
        return example;
      }
      case 'resetPassword': {
        const isKnown = known.has(String(json?.username ?? ''));
        if (!isKnown && has('answers an unknown username with another error code'))
          return jsonAnswer({ errors: [{ code: 'RPERR09', description: 'No such username' }] });
        return example;
      }
      case 'logoutToLoginUrl':
      case 'getLogoutPage':
        if (typeof headers['x-auth-token'] === 'string') revoked.add(headers['x-auth-token']);
        return example;
      default:
        return example;
    }
  };

  const safeJson = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stub.invalid');
      const reply = ({ status, contentType, headers = {}, body }) => {
        res.writeHead(status, { ...(contentType ? { 'Content-Type': contentType } : {}), ...headers });
        res.end(body);
      };
      if (url.pathname === '/__stub/limits/reset' && req.method === 'POST') {
        limiter.reset();
        return reply({ status: 204 });
      }
      if (url.pathname === '/__stub/last-code') {
        const code = [...url.searchParams].map(([name, value]) => codes.get(`${name}:${value}`)).find(Boolean);
        return code
          ? reply({ status: 200, contentType: 'application/json', body: JSON.stringify({ code }) })
          : reply({ status: 404, contentType: 'application/json', body: envelope('NO_CODE', 'No code was sent') });
      }
      const entry = findOperation(operations, req.method ?? 'GET', url.pathname);
      if (!entry) return reply({ status: 404, contentType: 'application/json', body: envelope('NOT_FOUND', 'Not found') });
      requests.push(entry.id);
      waiting.get(entry.id)?.();
      const security = (entry.operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const access = entry.operation['x-access'] ?? (security.includes('authToken') ? 'session' : 'public');
      const body = Buffer.concat(chunks).toString('utf8');
      const refuse = (status, code, description) => {
        if (status === 401 && has('answers 401 with an HTML page'))
          return reply({ status, contentType: 'text/html; charset=utf-8', body: '<h1>401 Unauthorized</h1>' });
        const value = {
          errors: [{ code, description }],
          ...(status === 401 && has('answers 401 with data') && { data: { username: 'jsmith401' } }),
        };
        return reply({ status, contentType: 'application/json', body: JSON.stringify(value) });
      };
      /** The token the request carries: its header (a broken gateway also looks in a cookie or the query). */
      const tokenOf = () => {
        const header = req.headers['x-auth-token'];
        if (typeof header === 'string') return header;
        const cookie = /(?:^|;\s*)X-Auth-Token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
        if (cookie && has('reads the token from a cookie')) return cookie;
        const query = url.searchParams.get('X-Auth-Token');
        if (query && has('reads the token from the query')) return query;
        return undefined;
      };
      const token = tokenOf();
      /** Who the token signs in as: undefined when it is none the stub knows, or one signed out. */
      const callerOf = () => {
        if (has('serves one fixed account') && token !== undefined) return 'jsmith401';
        if (token === undefined) return has('answers a read without a token') && entry.method === 'GET' ? 'jsmith401' : undefined;
        if (revoked.has(token) && !has('accepts a signed-out token')) return undefined;
        const username = usernames.get(token);
        if (username !== undefined) return username;
        if (has('takes an altered token')) {
          const near = [...usernames.keys()].find((issued) => issued.slice(0, -1) === token.slice(0, -1));
          if (near) return usernames.get(near);
        }
        return has('takes a made-up token') ? 'jsmith401' : undefined;
      };
      const caller = access === 'public' ? (token === undefined ? undefined : usernames.get(token)) : callerOf();
      if (access !== 'public' && caller === undefined)
        return refuse(401, 'UNAUTHORIZED', token === undefined ? 'No token' : 'Not signed in');
      if (security.includes('basicAuth') && !/^Basic /.test(req.headers.authorization ?? ''))
        return refuse(401, 'UNAUTHORIZED', 'No credentials');

      // Throttling, as the mock keeps it: asked before anything else is judged, counted after.
      const limit = entry.operation['x-rate-limit'];
      let countAnswer = () => {};
      if (limit && !has('never throttles')) {
        const json = (() => {
          try {
            return JSON.parse(body);
          } catch {
            return undefined;
          }
        })();
        const quota = has('throttles too late') ? { ...limit, attempts: limit.attempts + 5 } : limit;
        const key = limitKey(quota, {
          basicUser: basicUser(req.headers.authorization),
          body: json,
          query: url.searchParams,
          token,
          sessionUser: caller,
          client: req.socket.remoteAddress ?? 'unknown',
        });
        if (key !== undefined) {
          const allowed = limiter.check(entry.id, quota, key);
          if (!allowed.allowed) {
            const headers = {
              ...(!has('answers 429 without Retry-After') && {
                'Retry-After': has('answers a Retry-After in words') ? 'in 15 minutes' : String(allowed.retryAfterSeconds),
              }),
              ...rateLimitHeaders(limit, {
                left: has('answers 429 with attempts left in RateLimit') ? 3 : 0,
                resetSeconds: allowed.retryAfterSeconds,
              }),
            };
            return reply({
              status: 429,
              contentType: 'application/json',
              headers,
              body: envelope('TOO_MANY_REQUESTS', 'Too many attempts'),
            });
          }
          if (quota.counts === 'requests') limiter.record(entry.id, quota, key);
          else countAnswer = (status, text) => isFailure(status, safeJson(text)) && limiter.record(entry.id, quota, key);
        }
      }

      // Another user's resources: 404 with nothing of them (the broken ways: served, 403, or named).
      if (access === 'own-user') {
        const parameters = pathParameters(entry.path, url.pathname) ?? {};
        const pathUser = parameters.userId === undefined ? undefined : decodeURIComponent(parameters.userId);
        const reads = entry.method === 'GET';
        const otherUser =
          pathUser !== undefined &&
          pathUser !== userIdOf(caller) &&
          !(reads && has("serves another user's userId on reads")) &&
          !(!reads && has("serves another user's userId on writes"));
        const planId = parameters.planId === undefined ? undefined : decodeURIComponent(parameters.planId);
        const otherPlan =
          planId !== undefined && !plansOf(caller).some((plan) => plan.planId === planId) && !has("serves another user's plan");
        if (otherUser || otherPlan) {
          countAnswer(404, '');
          if (has("answers 403 for another user's resource")) return refuse(403, 'FORBIDDEN', 'Not yours');
          const owner = [...known].find((username) => userIdOf(username) === pathUser);
          const said = has('names the other user in its 404') && owner ? `${owner} (${emailOf(owner)}) is not yours` : 'Not found';
          return refuse(404, 'NOT_FOUND', said);
        }
      }
      const verdict = validate(entry, { pathname: url.pathname, query: url.searchParams, headers: req.headers, bodyText: body });
      const request = { url, body, headers: req.headers, refusal: verdict.status ? refusalOf(entry.operation, verdict) : undefined };
      const example = exampleAnswer(document, entry.operation);
      const override = overrides[entry.id];
      const answer = override ? override(example, request) : (request.refusal ?? (await conforming(entry, example, request, caller)));
      if (typeof answer === 'object' && 'status' in answer) countAnswer(answer.status, String(answer.body ?? ''));
      if (answer === 'hang') return;
      if ('raw' in answer) {
        res.socket?.end(answer.raw);
        return;
      }
      if ('custom' in answer) return answer.custom(/** @type {import('node:net').Socket} */ (res.socket));
      reply(answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {}); // a client that goes away mid-answer is what some tests are about
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolveStub) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolveStub({
        url: `http://127.0.0.1:${port}`,
        requests,
        requested: (id) => new Promise((done) => waiting.set(id, done)),
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(done);
          }),
      });
    }),
  );
}
