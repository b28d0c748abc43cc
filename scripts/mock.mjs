// `npm run mock`: Prism serving the bundled contract, behind a scenario layer that keeps the
// contract as a gateway would (credentials, then the request's schema, answered with the
// contract's 401, 400 or 415 and the error envelope) and picks the named example for each
// request from openapi/mock-scenarios.yaml. A Prefer header sent by the client wins over the
// rules. Sign-ins mint a token per session and sign-outs revoke it. Requests outside the gateway
// get a stand-in page, so the dashboards the portal hands over to can be followed in development.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomInt } from 'node:crypto';
import { isGatewayPath, MOCK_PORT, PRISM_PORT } from './ports.mjs';
import {
  basicUser,
  chooseRule,
  createSessionStore,
  daysFrom,
  defaultRespond,
  exampleValue,
  findOperation,
  indexOperations,
  loadScenarios,
  mockToday,
  preferFor,
  resolveRef,
  shiftDates,
} from './mock-scenarios.mjs';
import { createCredentialStore, originsFromEnv } from './mock-credentials.mjs';
import { createLimiter, isFailure, limitKey, rateLimitHeaders } from './mock-limits.mjs';
import { createRequestValidator, pathParameters } from './request-validator.mjs';

const root = resolve(import.meta.dirname, '..');
const bundleFile = join(root, 'generated', 'openapi.json');
const scenariosFile = join(root, 'openapi', 'mock-scenarios.yaml');

/** Re-reads the contract and scenarios when they change, so edits apply without a restart. */
function createState() {
  let cache = { key: '', document: null, operations: [], scenarios: {}, validateRequest: () => ({ problems: [] }) };
  return () => {
    const key = `${statSync(bundleFile).mtimeMs}:${statSync(scenariosFile).mtimeMs}`;
    if (key !== cache.key) {
      const document = JSON.parse(readFileSync(bundleFile, 'utf8'));
      cache = {
        key,
        document,
        operations: indexOperations(document),
        scenarios: loadScenarios(scenariosFile),
        validateRequest: createRequestValidator(document),
      };
    }
    return cache;
  };
}

function readBody(req) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function standInPage(res, pathname) {
  const safe = pathname.replace(/[^A-Za-z0-9/_-]/g, '');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outside the portal: ${safe}</title></head>` +
      `<body><main><h1>Outside the portal: ${safe}</h1><p>The mock stands in for this page, which another application serves.</p></main></body></html>`,
  );
}

/** Writes a JSON answer of the scenario layer's own. */
function answerJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

const securityOf = (document, operation) =>
  (operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));

/** The one-time code a request carries: its twilioMfaCode header, or its body's code or mfaCode. */
function codeOf(headers, body) {
  if (typeof headers.twiliomfacode === 'string') return headers.twiliomfacode;
  const fromBody = body && typeof body === 'object' ? (body.code ?? body.mfaCode) : undefined;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/**
 * A fresh one-time code: six digits, never the demo's refused 000000, and in none of `sent` (the
 * codes issued and those spent: a code is good once, whoever it went to, so one drawn again would
 * be refused as used, which a fuzz run's hundreds of sign-ins met now and then).
 * @param {readonly Set<string>[]} sent
 * @param {() => number} [draw] a number from 1 to 999999
 */
export function freshCode(sent, draw = () => randomInt(1, 1_000_000)) {
  for (;;) {
    const code = String(draw()).padStart(6, '0');
    if (!sent.some((codes) => codes.has(code))) return code;
  }
}

/** A request body as JSON, or undefined. */
function tryJson(buffer) {
  try {
    return buffer.length ? JSON.parse(buffer.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** The caller's address: the first hop the portal's server forwarded, else the connection's. */
function clientOf(req) {
  const forwarded = req.headers['x-forwarded-for'];
  return (typeof forwarded === 'string' && forwarded.split(',')[0].trim()) || req.socket.remoteAddress || 'unknown';
}

/**
 * Whether a link token is one the mock never issued, on an operation that checks it
 * (`linkTokens` in openapi/mock-scenarios.yaml): the contract's LKERR01 answers it.
 */
function unknownLink(linkTokens, operationId, query, body) {
  if (!linkTokens?.operations?.[operationId]) return false;
  // The token is `token` in the query or the body; getAuthToken's is its `id`.
  const token = query.get('token') ?? query.get('id') ?? (body && typeof body === 'object' ? body.token : undefined);
  return typeof token === 'string' && !new RegExp(linkTokens.issued).test(token);
}

/**
 * Whether the path of an `own-user` operation names only the caller's resources: the session's
 * user id, and plans of the list `listPlans` answers that session (as the rules pick it for its
 * persona). Passkey ids are the credential store's to judge.
 */
function ownsPath({ document, operations, scenarios }, entry, pathname, token, session) {
  const parameters = pathParameters(entry.path, pathname) ?? {};
  if (parameters.userId !== undefined && decodeURIComponent(parameters.userId) !== String(session.userId)) return false;
  if (parameters.planId === undefined) return true;
  const { operation } = findOperation(operations, 'GET', `/partner-gateway/partner/${encodeURIComponent(session.userId)}/plan/list`);
  const rule = chooseRule(scenarios, operation.operationId, {
    headers: { 'x-auth-token': session.persona },
    query: new URLSearchParams(),
    session: session.state,
  });
  const name = rule?.respond?.example ?? defaultRespond(document, operation)?.example;
  const plans = namedExample(document, operation, name)?.data?.planList ?? [];
  return plans.some((plan) => plan.planId === decodeURIComponent(parameters.planId));
}

/**
 * An answer with the `userId` it names (at its top or in its `data`, as `validateSession` and
 * `getCredentials` name the caller) set to the session's: one example serves every demo account,
 * and without this each of them was told it was the example's user (100245).
 */
export function ownUserId(json, userId) {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  const out = 'userId' in json ? { ...json, userId } : json;
  const data = out.data;
  return data && typeof data === 'object' && !Array.isArray(data) && 'userId' in data ? { ...out, data: { ...data, userId } } : out;
}

/** The value of an operation's named example, or undefined. */
function namedExample(document, operation, name) {
  for (const response of Object.values(operation.responses ?? {}))
    for (const media of Object.values(resolveRef(document, response).content ?? {}))
      if (media.examples?.[name]) return resolveRef(document, media.examples[name]).value;
  return undefined;
}

/**
 * A passkey or recovery-code sign-in's answer: the one a password sign-in (with its code)
 * gives the account's username, as the rules of `authenticate` pick it, with a token minted for
 * a session of that username; the default sign-in when that answer is no sign-in (AUERR05:
 * the passkey or the code was the second factor).
 */
function signInAnswer({ document, operations, scenarios, sessions }, account) {
  const { operation } = findOperation(operations, 'POST', '/login-gateway/authentication');
  const authorization = `Basic ${Buffer.from(`${account.username ?? ''}:`).toString('base64')}`;
  const rule =
    account.username === undefined
      ? undefined
      : chooseRule(scenarios, operation.operationId, { headers: { authorization }, query: new URLSearchParams() });
  const named = rule?.respond?.example ? namedExample(document, operation, rule.respond.example) : undefined;
  const value = named?.data?.token ? named : exampleValue(document, operation, 200);
  const token = sessions.mint(value.data.token, { username: account.username, userId: value.data.userId });
  return { ...value, data: { ...value.data, token }, errors: [] };
}

/**
 * Answers the operations of passkeys and recovery codes (`credentials.operations` in
 * openapi/mock-scenarios.yaml) from the mock's credential store, for the account the request
 * acts for: the signed-in session's username (or its persona), or the sign-in's basic username.
 */
async function answerCredentials(store, context, { id, path }, { pathname, headers, body, session, token }) {
  const ref = (username) => ({ key: username === undefined ? `token:${context.sessions.persona(token)}` : `user:${username}`, username });
  const signedIn = { ...ref(session?.username), userId: session?.userId };
  const signIn = (outcome) => (outcome.account ? signInAnswer(context, outcome.account) : outcome.failure);
  const passkeyId = () => decodeURIComponent(pathParameters(path, pathname)?.passkeyId ?? '');
  switch (id) {
    case 'startPasskeyRegistration':
      return store.startPasskeyRegistration(signedIn);
    case 'finishPasskeyRegistration':
      return store.finishPasskeyRegistration(signedIn, body);
    case 'listPasskeys':
      return store.listPasskeys(signedIn);
    case 'renamePasskey':
      return store.renamePasskey(signedIn, passkeyId(), body);
    case 'removePasskey':
      return store.removePasskey(signedIn, passkeyId());
    case 'startPasskeySignIn':
      return store.startPasskeySignIn();
    case 'finishPasskeySignIn':
      return signIn(await store.finishPasskeySignIn(body));
    case 'generateRecoveryCodes':
      return store.generateRecoveryCodes(signedIn);
    case 'getRecoveryCodeStatus':
      return store.getRecoveryCodeStatus(signedIn);
    case 'signInWithRecoveryCode':
      return signIn(store.signInWithRecoveryCode(ref(basicUser(headers.authorization)), body));
    default:
      throw new Error(`the credential store does not answer ${id}`);
  }
}

/**
 * The scenario layer in front of Prism. In order, as a gateway would: a signed-in call without
 * credentials, or with a token signed out, gets the contract's 401; a request that breaks the
 * operation's schema gets its 400 (415 for a body in another media type) with the error
 * envelope; then the rule of openapi/mock-scenarios.yaml (or the client's Prefer header) picks
 * the answer Prism serves. Sign-ins mint a token per session, sign-outs revoke it, and a code
 * sent is kept for the test hook `GET /__mock/last-code?username=` (or `?userId=`).
 */
export function startScenarioLayer({ port = MOCK_PORT, prismPort = PRISM_PORT, log = () => {}, now = () => Date.now() } = {}) {
  const state = createState();
  const sessions = createSessionStore({ idleSeconds: Number(process.env.MOCK_SESSION_IDLE_SECONDS) || 1800, now });
  const limiter = createLimiter({ now });
  /** The last one-time code sent, by `username:NAME` and `userId:ID`. */
  const codes = new Map();
  /** Every code sent (the latest ten thousand), and the ones used: a sent code is good once. */
  const issued = new Set();
  const spent = new Set();
  /** Passkeys and recovery codes, per account; its demo seeds are read once, at start. */
  const credentials = createCredentialStore({
    rpID: process.env.MOCK_WEBAUTHN_RP_ID || 'localhost',
    origins: originsFromEnv(),
    seeds: loadScenarios(scenariosFile).credentials,
  });
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://mock.invalid');
      if (url.pathname === '/__mock/health') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      if (url.pathname === '/__mock/limits/reset' && req.method === 'POST') {
        limiter.reset();
        res.writeHead(204, { 'Cache-Control': 'no-store' });
        return res.end();
      }
      if (url.pathname === '/__mock/last-code') {
        const key = url.searchParams.has('username')
          ? `username:${url.searchParams.get('username')}`
          : `userId:${url.searchParams.get('userId')}`;
        const code = codes.get(key);
        if (code) return answerJson(res, 200, { code });
        return answerJson(res, 404, { errors: [{ code: 'NO_CODE', description: `No code was sent to ${key}` }] });
      }
      if (!isGatewayPath(url.pathname)) {
        return standInPage(res, url.pathname);
      }
      const body = await readBody(req);
      const headers = { ...req.headers, host: `127.0.0.1:${prismPort}` };
      const { document, operations, scenarios, validateRequest } = state();
      const entry = findOperation(operations, req.method ?? 'GET', url.pathname);
      const token = typeof req.headers['x-auth-token'] === 'string' ? req.headers['x-auth-token'] : undefined;
      const found = sessions.find(token);
      let delayMs = 0;
      let parsedBody;
      let oneTimeCode;
      /** Counts a failed attempt against the operation's quota, when it counts failures. */
      let countAnswer = () => {};
      if (entry) {
        const access = entry.operation['x-access'];
        const session = access === 'public' ? found : sessions.use(token);
        const security = securityOf(document, entry.operation);
        const signedOut = access !== 'public' && !session;
        const noBasic = security.includes('basicAuth') && basicUser(req.headers.authorization) === undefined;
        if (signedOut || noBasic) {
          const why =
            token === undefined || noBasic ? 'no credentials' : found?.revoked ? 'signed out' : found ? 'expired' : 'unknown token';
          log(`${req.method} ${url.pathname}  [401: ${why}]`);
          return answerJson(
            res,
            401,
            exampleValue(document, entry.operation, 401) ?? { errors: [{ code: 'UNAUTHORIZED', description: 'Not signed in' }] },
          );
        }
        const limit = entry.operation['x-rate-limit'];
        if (limit && headers.prefer === undefined) {
          const parsed = tryJson(body);
          const key = limitKey(limit, {
            basicUser: basicUser(req.headers.authorization),
            body: parsed,
            query: url.searchParams,
            token,
            sessionUser: session?.username ?? session?.userId,
            client: clientOf(req),
          });
          if (key !== undefined) {
            const verdict = limiter.check(entry.id, limit, key);
            if (!verdict.allowed) {
              log(`${req.method} ${url.pathname}  [429: ${key}]`);
              return answerJson(res, 429, exampleValue(document, entry.operation, 429), {
                'Retry-After': String(verdict.retryAfterSeconds),
                ...rateLimitHeaders(limit, { left: 0, resetSeconds: verdict.retryAfterSeconds }),
              });
            }
            if (limit.counts === 'requests') limiter.record(entry.id, limit, key);
            else countAnswer = (status, json) => isFailure(status, json, limit.steps) && limiter.record(entry.id, limit, key);
          }
        }
        const verdict = validateRequest(entry, {
          pathname: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          bodyText: body.toString('utf8'),
        });
        parsedBody = verdict.body;
        const takesCode = scenarios.sessions?.codeUsed?.includes(entry.id);
        oneTimeCode = takesCode ? codeOf(req.headers, verdict.body) : undefined;
        if (verdict.status) {
          log(`${req.method} ${url.pathname}  [${verdict.status}: ${verdict.problems.join('; ')}]`);
          const [declared] = exampleValue(document, entry.operation, verdict.status)?.errors ?? [];
          const description = verdict.problems.slice(0, 3).join('; ');
          countAnswer(verdict.status);
          return answerJson(res, verdict.status, { errors: [{ code: declared?.code ?? 'BAD_REQUEST', description }] });
        }
        if (access === 'own-user' && !ownsPath({ document, operations, scenarios }, entry, url.pathname, token, session)) {
          log(`${req.method} ${url.pathname}  [404: not the caller's]`);
          countAnswer(404);
          return answerJson(res, 404, exampleValue(document, entry.operation, 404));
        }
        if (headers.prefer === undefined) {
          // Rules match a minted token by the persona it was minted for (`token-setup`).
          const ruleHeaders = token === undefined ? req.headers : { ...req.headers, 'x-auth-token': sessions.persona(token) };
          const rule = spent.has(oneTimeCode)
            ? { respond: { example: 'codeNotValid' } }
            : unknownLink(scenarios.linkTokens, entry.id, url.searchParams, verdict.body)
              ? { respond: scenarios.linkTokens.operations[entry.id] }
              : chooseRule(scenarios, entry.id, {
                  headers: ruleHeaders,
                  query: url.searchParams,
                  body: verdict.body,
                  session: found?.state,
                });
          if (!rule && scenarios.credentials?.operations?.includes(entry.id)) {
            const answer = await answerCredentials(credentials, { document, operations, scenarios, sessions }, entry, {
              pathname: url.pathname,
              headers: req.headers,
              body: verdict.body,
              session: found,
              token,
            });
            const code = answer.errors?.[0]?.code;
            log(`${req.method} ${url.pathname}  [credentials: ${code ?? 'ok'}]`);
            // The contract answers a passkey id that is not the caller's 404, as any other resource.
            const status = code === 'PKERR04' ? 404 : 200;
            countAnswer(status, answer);
            return answerJson(res, status, answer);
          }
          // Without a rule, name the default explicitly: Prism alone may prefer a schema's example.
          const respond = rule?.respond ?? defaultRespond(document, entry.operation);
          if (respond) {
            delayMs = respond.delayMs ?? 0;
            if (respond.remember && found) Object.assign(found.state, respond.remember);
            const prefer = preferFor(document, entry.operation, respond);
            if (prefer) headers.prefer = prefer;
          }
        }
      }
      log(`${req.method} ${url.pathname}${headers.prefer ? `  [Prefer: ${headers.prefer}]` : ''}`);
      if (delayMs) await new Promise((done) => setTimeout(done, delayMs));
      const upstream = httpRequest({ host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers }, async (answer) => {
        const status = answer.statusCode ?? 502;
        const succeeded = status >= 200 && status < 300;
        const sessionsConfig = scenarios.sessions ?? {};
        if (entry && succeeded && sessionsConfig.signOut?.includes(entry.id)) sessions.revoke(token);
        if (!/json/i.test(answer.headers['content-type'] ?? '')) {
          countAnswer(status);
          res.writeHead(status, answer.headers);
          return void answer.pipe(res);
        }
        const text = (await readBody(answer)).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          // Not JSON after all: pass it on as it came.
          res.writeHead(status, answer.headers);
          return void res.end(text);
        }
        // The examples' dates are written against the reference date: move them to today.
        json = shiftDates(json, daysFrom(scenarios.referenceDate, mockToday()));
        // A signed-in call answers for the session's own user, whichever example serves it.
        if (entry && entry.operation['x-access'] !== 'public' && found?.userId !== undefined) json = ownUserId(json, found.userId);
        const data = json?.data;
        if (entry && succeeded && sessionsConfig.signIn?.includes(entry.id) && typeof data?.token === 'string') {
          json = {
            ...json,
            data: { ...data, token: sessions.mint(data.token, { username: basicUser(req.headers.authorization), userId: data.userId }) },
          };
        }
        countAnswer(status, json);
        if (succeeded && issued.has(oneTimeCode) && !json?.errors?.length) spent.add(oneTimeCode);
        if (entry && succeeded && sessionsConfig.codeSent?.includes(entry.id) && !json?.errors?.length) {
          const code = freshCode([issued, spent]);
          issued.add(code);
          const userId = pathParameters(entry.path, url.pathname)?.userId ?? found?.userId;
          const username = typeof parsedBody?.username === 'string' ? parsedBody.username : found?.username;
          if (username !== undefined) codes.set(`username:${username}`, code);
          if (userId !== undefined) codes.set(`userId:${decodeURIComponent(userId)}`, code);
          // A fuzz run sends codes to many usernames: keep the latest ten thousand.
          while (codes.size > 10_000) codes.delete(codes.keys().next().value);
          for (const old of [issued, spent]) while (old.size > 10_000) old.delete(old.values().next().value);
        }
        const out = JSON.stringify(json);
        res.writeHead(status, { ...answer.headers, 'content-length': Buffer.byteLength(out) });
        res.end(out);
      });
      upstream.on('error', (error) => {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(`Prism is not answering: ${error.message}`);
      });
      upstream.end(body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`Scenario layer failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return new Promise((resolveServer) => server.listen(port, '127.0.0.1', () => resolveServer(server)));
}

export function startPrism({ port = PRISM_PORT } = {}) {
  // Warnings and errors only: its log of every request, never shown (the mock keeps Prism's
  // output to explain an exit), took about a fifth of its time (`--fuzz 50` against the mock:
  // 16.2 s of Prism's processor time with it, 12.6 s without).
  const prism = spawn(
    join(root, 'node_modules', '.bin', 'prism'),
    ['mock', bundleFile, '--port', String(port), '--host', '127.0.0.1', '--errors', '--verboseLevel', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return prism;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts Prism and the scenario layer; resolves once both answer. The ports default to
 * MOCK_PORT and PRISM_PORT; the size check, Lighthouse and the mock's tests pass free ones.
 * `stop()` closes both and resolves once Prism has exited. `now`, the clock of sessions' idle time and
 * of the throttling windows, is the tests' to set.
 */
export async function startMock({ verbose = false, port = MOCK_PORT, prismPort = PRISM_PORT, startTimeoutMs = 60_000, now } = {}) {
  const prism = startPrism({ port: prismPort });
  let prismOutput = '';
  const collect = (chunk) => {
    prismOutput = (prismOutput + chunk.toString()).slice(-20_000);
    if (verbose) process.stdout.write(chunk);
  };
  prism.stdout.on('data', collect);
  prism.stderr.on('data', collect);
  const gone = new Promise((done) => prism.once('exit', done));
  const exited = gone.then((code) => {
    throw new Error(`Prism exited with code ${code}:\n${prismOutput}`);
  });
  try {
    // Patience, not a measurement: Prism starts in about a second, far longer on a busy machine.
    await Promise.race([waitFor(`http://127.0.0.1:${prismPort}/`, startTimeoutMs), exited]);
  } catch (error) {
    prism.kill();
    throw error;
  }
  exited.catch(() => {});
  const server = await startScenarioLayer({ port, prismPort, now, log: verbose ? (line) => console.log(`mock: ${line}`) : () => {} });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    prism.kill();
    return gone.then(() => undefined);
  };
  return { stop, prism };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { stop, prism } = await startMock({ verbose: process.argv.includes('--verbose') });
  console.log(`Mock gateway: http://127.0.0.1:${MOCK_PORT} (Prism on ${PRISM_PORT}, scenarios from openapi/mock-scenarios.yaml)`);
  const shutdown = () => {
    stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  prism.on('exit', (code) => {
    console.error(`Prism stopped (exit code ${code})`);
    process.exit(1);
  });
}
