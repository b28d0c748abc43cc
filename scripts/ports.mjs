// Fixed ports and the gateway paths, shared by the mock, the dev server, the production
// server and the end-to-end run.
/** The mock's scenario layer: what the portal talks to in development and tests. */
export const MOCK_PORT = 4010;
/** Prism itself, behind the scenario layer. */
export const PRISM_PORT = 4011;
/** The production build served with its security headers (end-to-end tests). */
export const PREVIEW_PORT = 4173;
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
