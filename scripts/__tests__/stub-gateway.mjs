// A stand-in gateway for the verification kit's tests: a node http server on 127.0.0.1 (an
// ephemeral port) that answers every operation of the contract with the first named example of
// its success response, unless an override for the operation says otherwise.
import { createServer } from 'node:http';
import { findOperation, indexOperations, resolveRef } from '../mock-scenarios.mjs';

const envelope = (code, description) => JSON.stringify({ errors: [{ code, description }] });

/** The answer the contract's own example gives: { status, contentType, body }. */
export function exampleAnswer(document, operation) {
  const [status, response] = Object.entries(operation.responses).find(([code]) => /^2/.test(code));
  const content = resolveRef(document, response).content ?? {};
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  if (!mediaType) return { status: Number(status), body: '' };
  const value = resolveRef(document, Object.values(media.examples ?? {})[0]).value;
  return { status: Number(status), contentType: mediaType, body: /json/.test(mediaType) ? JSON.stringify(value) : String(value) };
}

/**
 * Starts the stub. overrides: { operationId: (example, request) => answer | 'hang' }, where an
 * answer is { status, contentType, body } and 'hang' never answers. Resolves to
 * { url, requests (the operationIds asked, in order), close() }.
 */
export function startStubGateway(document, overrides = {}) {
  const operations = indexOperations(document);
  const requests = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub.invalid');
      const entry = findOperation(operations, req.method ?? 'GET', url.pathname);
      const reply = ({ status, contentType, body }) => {
        res.writeHead(status, contentType ? { 'Content-Type': contentType } : {});
        res.end(body);
      };
      if (!entry) return reply({ status: 404, contentType: 'application/json', body: envelope('NOT_FOUND', 'Not found') });
      requests.push(entry.id);
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
      reply(answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolveStub) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolveStub({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(done);
          }),
      });
    }),
  );
}
