// `vite preview` as the portal's local production server: the settings vite.config.ts gives it
// (`preview.headers`, `preview.proxy`) and a guard plugin, so that it serves the build with the
// security headers of scripts/security-headers.mjs, forwards the gateway paths (and the
// dashboards) to one upstream and refuses the request targets every server that ships the
// portal must refuse (scripts/__tests__/forwarding-cases.mjs, run against it). Production
// uses nginx (deploy/nginx/), which passes the same cases.
//
// The upstream is fixed: a forwarded request carries only its path and query, never a host taken
// from the request target (`//host/...` or an absolute-form target would otherwise make this an
// open proxy that sends the user's cookie and credentials to any host). The guard runs before
// Vite's proxy, so such a target never reaches it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheablePaths } from '@signin-portal/verify-gateway/openapi-document';
import { CONFIG_BLOCK, configBlock, developmentConfig } from './portal-config.mjs';
import { isGatewayPath } from './ports.mjs';
import {
  ASSET_CACHE_CONTROL,
  FILE_CACHE_CONTROL,
  GATEWAY_CACHE_CONTROL,
  HTML_CACHE_CONTROL,
  SECURITY_HEADERS,
} from './security-headers.mjs';

/** The gateway answers whose own Cache-Control passes (the contract's x-cacheable); the rest are sent no-store. */
const CACHEABLE_PATHS = cacheablePaths(JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'generated', 'openapi.json'), 'utf8')));

/** Headers that describe one connection (RFC 9110, 7.6.1): never passed on, in either direction. */
export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
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

/** Removes the hop-by-hop headers from a header object, with the ones its Connection header names. */
export function dropHopByHop(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named]) delete headers[name];
  return headers;
}

/**
 * The origin of an upstream setting (`https://gateway.internal`, a trailing `/` allowed); a
 * path, query or credentials in it are refused, since they would be silently dropped.
 */
export function upstreamOrigin(value, name = 'GATEWAY_URL') {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}=${value} must be an origin such as https://gateway.internal`);
  }
  const origin = (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/';
  if (!origin || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name}=${value} must be an origin such as https://gateway.internal`);
  }
  return url.origin;
}

function refuse(res, status) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': HTML_CACHE_CONTROL,
    ...(status === 405 ? { Allow: 'GET, HEAD' } : {}),
  });
  res.end(status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Bad request');
}

/**
 * The gateway's answer loses its hop-by-hop, CORS and security headers: the portal's own are set.
 * It is never stored unless the contract marks it cacheable.
 */
function cleanAnswer(proxyRes, req) {
  dropHopByHop(proxyRes.headers);
  for (const name of Object.keys(proxyRes.headers)) {
    if (name.startsWith('access-control-') || SECURITY_HEADER_NAMES.has(name)) delete proxyRes.headers[name];
  }
  const pathname = new URL(req.url ?? '/', 'http://portal.invalid').pathname;
  if (!CACHEABLE_PATHS.includes(pathname)) proxyRes.headers['cache-control'] = GATEWAY_CACHE_CONTROL;
}

/**
 * The `preview` settings: the security headers, no CORS (the portal is same-origin), and the
 * gateway paths (and the dashboards, another application's pages) forwarded to their upstreams.
 * @param {{ gatewayUrl: string, dashboardUrl?: string, dashboardPaths?: readonly string[] }} options
 */
export function portalPreview({ gatewayUrl, dashboardUrl = gatewayUrl, dashboardPaths = [] }) {
  const forward = (target) => ({
    target: upstreamOrigin(target),
    changeOrigin: true,
    xfwd: false,
    /** @param {import('node:events').EventEmitter} proxy */
    configure(proxy) {
      proxy.on('proxyRes', cleanAnswer);
    },
  });
  /** @type {Record<string, ReturnType<typeof forward>>} */
  const proxy = {};
  // One matcher: Vite tries each context in turn and each would hold its own proxy.
  proxy['^/(?:login-gateway|partner-gateway|public|api)/|^/announcements\\.json$'] = forward(gatewayUrl);
  if (dashboardPaths.length > 0) {
    const names = dashboardPaths.map((path) => path.slice(1).replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
    proxy[`^/(?:${names.join('|')})$`] = forward(dashboardUrl);
  }
  return { headers: SECURITY_HEADERS, cors: false, proxy };
}

/**
 * The guard in front of Vite's preview middlewares, wrapped around its request listener (Vite's
 * middleware stack never sees an asterisk-form target): refuses every request target that is not
 * origin-form in normal form (400, and CONNECT too), keeps the gateway calls' hop-by-hop headers
 * from the proxy, answers only GET and HEAD on the build's files (405), never serves a dot-file
 * (404), serves index.html with `no-store`, and sets the security headers and Cache-Control on
 * every answer (the gateway's own are removed from its answers). The dashboards are GETs of
 * pages: the guard treats them as files, and Vite's proxy forwards them.
 * @returns {import('vite').Plugin}
 */
export function portalPreviewGuard() {
  return {
    name: 'portal-preview-guard',
    configurePreviewServer(server) {
      const httpServer = server.httpServer;
      if (!httpServer) return;
      const distDir = resolve(server.config.root, server.config.build.outDir);
      httpServer.on('connect', (_req, socket) => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
      const vite = httpServer.listeners('request');
      httpServer.removeAllListeners('request');
      httpServer.on('request', (req, res) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        const target = originFormTarget(req.url);
        if (!target) return refuse(res, 400);
        const pass = () => {
          for (const listener of vite) listener.call(httpServer, req, res);
        };
        if (isGatewayPath(target.pathname)) {
          // The client's own wish to close is kept (it is this connection's, not the gateway's).
          const close = /(?:^|,)\s*close\s*(?:,|$)/i.test(String(req.headers.connection ?? ''));
          dropHopByHop(req.headers);
          if (close) req.headers.connection = 'close';
          return pass();
        }
        if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405);
        // Dot-files and dot-directories (.vite/manifest.json, .env, .git) are never served.
        if (target.segments.some((segment) => segment.startsWith('.'))) return refuse(res, 404);
        if (target.pathname === '/' || target.pathname === '/index.html') {
          let html;
          try {
            html = readFileSync(join(distDir, 'index.html'));
          } catch {
            return refuse(res, 404);
          }
          // The development configuration, written into the page as nginx writes a deployment's.
          const page = html.toString('utf8').replace(CONFIG_BLOCK, configBlock(developmentConfig()));
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': HTML_CACHE_CONTROL });
          return res.end(req.method === 'HEAD' ? undefined : page);
        }
        res.setHeader('Cache-Control', target.pathname.startsWith('/assets/') ? ASSET_CACHE_CONTROL : FILE_CACHE_CONTROL);
        pass();
      });
    },
  };
}
