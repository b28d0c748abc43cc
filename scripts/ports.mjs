// Fixed ports and the gateway prefixes, shared by the mock, the dev server, the production
// server and the end-to-end run.
/** The mock's scenario layer: what the portal talks to in development and tests. */
export const MOCK_PORT = 4010;
/** Prism itself, behind the scenario layer. */
export const PRISM_PORT = 4011;
/** The production build served with its security headers (end-to-end tests). */
export const PREVIEW_PORT = 4173;
/** Paths the reverse proxy forwards to the gateways (and the dashboards outside the portal). */
export const GATEWAY_PREFIXES = ['/login-gateway', '/partner-gateway'];
