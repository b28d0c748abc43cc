// A stand-in gateway for the verification kit's tests: a node http server on 127.0.0.1 (an
// ephemeral port) that keeps the contract: it refuses invalid requests with the error envelope,
// answers every valid one with the first named example of its success response, and keeps the
// sessions and one-time codes the journeys walk; unless an override for the operation, or a
// named defect, says otherwise. Overrides can also write raw bytes to the connection, for the
// deviations node's own HTTP writer refuses to make (a body on a 204, a Content-Length that
// lies, a reset mid-body).
import { createServer } from 'node:http';
import { freshCode } from '../../../scripts/mock.mjs';
import { createCredentialStore } from '../../../scripts/mock-credentials.mjs';
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

/**
 * Starts the stub: a gateway that keeps the contract unless told otherwise. It refuses what the
 * contract refuses (scripts/request-validator.mjs) with the error envelope, and keeps the state
 * the journeys walk: each sign-in mints a token of its own and a sign-out revokes it (a signed-out
 * token gets 401); the basic user `mfa` is asked for a one-time code (AUERR05); a code sent is
 * given by the test hook `GET /__stub/last-code?username=NAME&userId=ID` (either) and is good once.
 * Passkeys and recovery codes (this contract's extension) are the mock's credential store
 * (scripts/mock-credentials.mjs: its ceremonies verified for real), per signed-in username.
 *
 * overrides: { operationId: (example, request: StubRequest) => StubAnswer }, answering instead of
 * the stub (after its credential checks). defects: behaviours of a gateway that breaks the
 * journeys: 'accepts a signed-out token', 'accepts a used code'.
 * Resolves to { url, requests (the operationIds asked, in order), requested(id) (resolves when
 * that operation is asked), close() }.
 */
export function startStubGateway(document, overrides = {}, { defects = [] } = {}) {
  const operations = indexOperations(document);
  const validate = createRequestValidator(document);
  const requests = [];
  const waiting = new Map();
  const sockets = new Set();
  const revoked = new Set();
  let minted = 0;
  /** Who signed in with each token the stub minted. */
  const usernames = new Map();
  /** The last code sent, by `username:NAME` and `userId:ID`; the codes sent; the ones used. */
  const codes = new Map();
  const issued = new Set();
  const spent = new Set();
  const byId = new Map(operations.map((entry) => [entry.id, entry.operation]));
  const named = (id, name) => exampleAnswer(document, byId.get(id), name);
  const credentials = createCredentialStore();
  /** A sign-in's answer: the operation's success example with a token minted for `username`. */
  const signedIn = (example, username) => {
    const value = JSON.parse(example.body);
    value.data.token = `${value.data.token}.${(minted += 1)}`;
    usernames.set(value.data.token, username);
    return { ...example, body: JSON.stringify(value) };
  };
  const jsonAnswer = (value) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(value) });

  /** The stub's own behaviour for a valid request: the operation's example, and the journeys' state. */
  const conforming = async (entry, example, { url, body, headers }) => {
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
        const username = usernames.get(String(headers['x-auth-token'])) ?? String(headers['x-auth-token']);
        const ref = { key: `user:${username}`, username };
        const passkeyId = decodeURIComponent(pathParameters(entry.path, url.pathname)?.passkeyId ?? '');
        const method = credentials[entry.id];
        return jsonAnswer(await (entry.path.includes('{passkeyId}') ? method(ref, passkeyId, json) : method(ref, json)));
      }
      case 'logoutToLoginUrl':
      case 'getLogoutPage':
        if (typeof headers['x-auth-token'] === 'string') revoked.add(headers['x-auth-token']);
        return example;
      default:
        return example;
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
      const token = req.headers['x-auth-token'];
      if (security.includes('authToken') && !token) {
        return reply({ status: 401, contentType: 'application/json', body: envelope('UNAUTHORIZED', 'No token') });
      }
      if (security.includes('authToken') && revoked.has(String(token)) && !defects.includes('accepts a signed-out token')) {
        return reply({ status: 401, contentType: 'application/json', body: envelope('UNAUTHORIZED', 'Signed out') });
      }
      if (security.includes('basicAuth') && !/^Basic /.test(req.headers.authorization ?? '')) {
        return reply({ status: 401, contentType: 'application/json', body: envelope('UNAUTHORIZED', 'No credentials') });
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = validate(entry, { pathname: url.pathname, query: url.searchParams, headers: req.headers, bodyText: body });
      const request = { url, body, headers: req.headers, refusal: verdict.status ? refusalOf(entry.operation, verdict) : undefined };
      const example = exampleAnswer(document, entry.operation);
      const override = overrides[entry.id];
      const answer = override ? override(example, request) : (request.refusal ?? (await conforming(entry, example, request)));
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
