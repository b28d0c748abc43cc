// The production server: serves dist/ with the portal's security headers and forwards the
// gateway paths to GATEWAY_URL (the mock by default). Used by the end-to-end run; a
// deployment may use it as is or copy its headers into its own server.
//   PORT=4173 GATEWAY_URL=https://gateway.internal node scripts/serve.mjs
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, normalize, resolve, sep } from 'node:path';
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

function forward(req, res, gateway) {
  const target = new URL(req.url ?? '/', gateway);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ errors: [{ code: 'BAD_GATEWAY', description: 'The gateway is not answering' }] }));
  });
  req.pipe(upstream);
}

export function createPortalServer({ distDir, gatewayUrl }) {
  const root = resolve(distDir);
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal.invalid');
    if (isGatewayPath(url.pathname)) return forward(req, res, gatewayUrl);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' });
      return res.end();
    }
    let relative;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, SECURITY_HEADERS);
      return res.end();
    }
    const file = normalize(join(root, relative === '/' ? 'index.html' : relative));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': HTML_CACHE_CONTROL });
      return res.end('Not found');
    }
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
