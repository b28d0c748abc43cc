// The ports and the gateway paths, shared by the mock, the dev server, `vite preview`, nginx and
// the end-to-end run. Every port can be moved by an environment variable, so a developer with one
// taken, or two checkouts running their suites at once, can choose others.

function portFrom(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}=${raw} is not a port number`);
  return port;
}

/** The mock's scenario layer: what the portal talks to in development and tests (`MOCK_PORT`). */
export const MOCK_PORT = portFrom('MOCK_PORT', 4010);
/** Prism itself, behind the scenario layer (`PRISM_PORT`). */
export const PRISM_PORT = portFrom('PRISM_PORT', 4011);
/** `npm run preview`: the production build served by `vite preview` (`PREVIEW_PORT`). */
export const PREVIEW_PORT = portFrom('PREVIEW_PORT', 4173);
/** The production build served by nginx with deploy/nginx/, as the end-to-end run uses it (`NGINX_PORT`). */
export const NGINX_PORT = portFrom('NGINX_PORT', 4174);
/** The Vite dev server of `npm start` (`DEV_PORT`). */
export const DEV_PORT = portFrom('DEV_PORT', 5173);
/** The Prism instance the contract tests start (`CONTRACT_TEST_PORT`). */
export const CONTRACT_TEST_PORT = portFrom('CONTRACT_TEST_PORT', 4019);

/**
 * Paths a reverse proxy forwards to the gateways: the two gateway prefixes, the server's
 * logout page and session alias, and the announcements file (published beside the gateway).
 */
export const GATEWAY_PREFIXES = ['/login-gateway/', '/partner-gateway/', '/public/', '/api/'];
export const GATEWAY_FILES = ['/announcements.json'];

/** Whether a request path belongs to the gateway rather than to the portal's own files. */
export function isGatewayPath(pathname) {
  return GATEWAY_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || GATEWAY_FILES.includes(pathname);
}
