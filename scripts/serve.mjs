// The production server: serves dist/ with the portal's security headers and forwards the
// gateway paths to GATEWAY_URL (the mock by default). Used by the end-to-end run; a
// deployment may use it as is or copy its rules into its own server.
//   PORT=4173 GATEWAY_URL=https://gateway.internal node scripts/serve.mjs
//
// Only an origin-form request target is accepted: one `/`, a path that normalisation would
// not change, an optional query. The upstream is fixed: a forwarded request carries only that
// path and query, never a host taken from the request (`//host/...` or an absolute-form
// target would otherwise make this an open proxy that sends the user's cookie and
// credentials to any host).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGatewayPath, MOCK_PORT, PREVIEW_PORT } from './ports.mjs';
import { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL, SECURITY_HEADERS } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Headers that describe one connection (RFC 9110, 7.6.1): never passed on, in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const SECURITY_HEADER_NAMES = new Set(Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()));

/**
 * The path and query of an origin-form request target, with the path's decoded segments; or
 * undefined for anything else: absolute-form, authority-form, asterisk-form, `//host/...`, a
 * backslash, a fragment, an empty segment, or a path that normalisation would change (`.` and
 * `..` segments, percent-encoded too), or a segment that decodes to `/`, `\` or a control character.
 */
export function originFormTarget(raw) {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || raw.includes('#')) return undefined;
  const queryAt = raw.indexOf('?');
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (new URL(pathname, 'http://portal.invalid').pathname !== pathname) return undefined;
  const encoded = pathname.split('/').slice(1);
  const segments = [];
  for (const [index, segment] of encoded.entries()) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (decoded === '' && index < encoded.length - 1) return undefined;
    // eslint-disable-next-line no-control-regex
    if (decoded === '.' || decoded === '..' || /[/\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
    segments.push(decoded);
  }
  return { pathname, search: queryAt === -1 ? '' : raw.slice(queryAt), segments };
}

/** A copy of the headers without the hop-by-hop ones, including those the Connection header names. */
function endToEnd(headers) {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

function refuse(res, status, extra = {}) {
  const type = 'text/plain; charset=utf-8';
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': HTML_CACHE_CONTROL, ...extra });
  res.end(status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Bad request');
}

function badGateway(res) {
  if (res.headersSent) return res.destroy();
  res.writeHead(502, { ...SECURITY_HEADERS, 'Content-Type': 'application/json', 'Cache-Control': HTML_CACHE_CONTROL });
  res.end(JSON.stringify({ errors: [{ code: 'BAD_GATEWAY', description: 'The gateway is not answering' }] }));
}

/** Sends the request's path and query, and nothing else of its target, to the one upstream. */
function forward(req, res, upstream, pathAndQuery) {
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const options = {
    protocol: upstream.protocol,
    hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: upstream.port || undefined,
    method: req.method,
    path: pathAndQuery,
    headers: { ...endToEnd(req.headers), host: upstream.host },
  };
  let outgoing;
  try {
    outgoing = send(options, (answer) => {
      // The gateway's CORS headers would let other origins read answers made with the user's
      // cookie; the portal is same-origin and needs none. Its own security headers win.
      const kept = ([name]) => !name.startsWith('access-control-') && !SECURITY_HEADER_NAMES.has(name);
      const headers = Object.fromEntries(Object.entries(endToEnd(answer.headers)).filter(kept));
      res.writeHead(answer.statusCode ?? 502, { ...headers, ...SECURITY_HEADERS });
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    });
  } catch {
    return badGateway(res);
  }
  outgoing.on('error', () => badGateway(res));
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/** The upstream must be an origin: a path, query or credentials in GATEWAY_URL would be silently dropped. */
function gatewayOrigin(gatewayUrl) {
  const url = new URL(gatewayUrl);
  const origin = (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/';
  if (!origin || url.search || url.hash || url.username || url.password) {
    throw new Error(`GATEWAY_URL=${gatewayUrl} must be an origin such as https://gateway.internal`);
  }
  return url;
}

export function createPortalServer({ distDir, gatewayUrl }) {
  const root = resolve(distDir);
  const upstream = gatewayOrigin(gatewayUrl);
  const server = createServer((req, res) => {
    const target = originFormTarget(req.url);
    if (!target) return refuse(res, 400);
    if (isGatewayPath(target.pathname)) return forward(req, res, upstream, target.pathname + target.search);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, { Allow: 'GET, HEAD' });
    // Dot-files and dot-directories (.vite/manifest.json, .env, .git) are never served.
    if (target.segments.some((segment) => segment.startsWith('.'))) return refuse(res, 404);
    const relative = target.segments.join('/');
    const file = join(root, relative === '' ? 'index.html' : relative);
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return refuse(res, 404);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = file.startsWith(join(root, 'assets') + sep);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Cache-Control': type.startsWith('text/html') ? HTML_CACHE_CONTROL : hashed ? ASSET_CACHE_CONTROL : 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  // CONNECT (an authority-form target) asks for a tunnel: never.
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? PREVIEW_PORT);
  const gatewayUrl = process.env.GATEWAY_URL ?? `http://127.0.0.1:${MOCK_PORT}`;
  const distDir = resolve(import.meta.dirname, '..', 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error('dist/ has no build: run `npm run build` (production) or `npm run build:e2e` (end-to-end tests) first');
    process.exit(1);
  }
  createPortalServer({ distDir, gatewayUrl }).listen(port, '127.0.0.1', () => {
    console.log(`Portal (production build): http://127.0.0.1:${port}  gateway -> ${gatewayUrl}`);
  });
}
