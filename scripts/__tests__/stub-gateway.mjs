// A stand-in gateway for the verification kit's tests: a node http server on 127.0.0.1 (an
// ephemeral port) that answers every operation of the contract with the first named example of
// its success response, unless an override for the operation says otherwise. Overrides can also
// write raw bytes to the connection, for the deviations node's own HTTP writer refuses to make
// (a body on a 204, a Content-Length that lies, a reset mid-body).
import { createServer } from 'node:http';
import { findOperation, indexOperations, resolveRef } from '../mock-scenarios.mjs';

const envelope = (code, description) => JSON.stringify({ errors: [{ code, description }] });

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
 * Starts the stub. overrides: { operationId: (example, request) => StubAnswer }. Resolves to
 * { url, requests (the operationIds asked, in order), requested(id) (resolves when that
 * operation is asked), close() }.
 */
export function startStubGateway(document, overrides = {}) {
  const operations = indexOperations(document);
  const requests = [];
  const waiting = new Map();
  const sockets = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub.invalid');
      const entry = findOperation(operations, req.method ?? 'GET', url.pathname);
      const reply = ({ status, contentType, headers = {}, body }) => {
        res.writeHead(status, { ...(contentType ? { 'Content-Type': contentType } : {}), ...headers });
        res.end(body);
      };
      if (!entry) return reply({ status: 404, contentType: 'application/json', body: envelope('NOT_FOUND', 'Not found') });
      requests.push(entry.id);
      waiting.get(entry.id)?.();
      const security = (entry.operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (security.includes('authToken') && !req.headers['x-auth-token']) {
        return reply({ status: 401, contentType: 'application/json', body: envelope('UNAUTHORIZED', 'No token') });
      }
      if (security.includes('basicAuth') && !/^Basic /.test(req.headers.authorization ?? '')) {
        return reply({ status: 401, contentType: 'application/json', body: envelope('UNAUTHORIZED', 'No credentials') });
      }
      const example = exampleAnswer(document, entry.operation);
      const override = overrides[entry.id];
      const answer = override ? override(example, { url, body: Buffer.concat(chunks).toString('utf8'), headers: req.headers }) : example;
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
