/**
 * Every route path of the portal and every address it builds, in one module with no screen
 * imports, so flows can link to each other without depending on each other.
 */
export const paths = {
  signIn: '/',
  securityQuestion: '/security-question',
  optionalAdoption: '/optional-adoption',
  mfa: '/mfa',
  mfaVerification: '/mfa-verification',
  login: '/login',
} as const;

/** The seven dashboards a landing address may name; nothing else is ever followed. */
export const DASHBOARD_PATHS = [
  '/advisor',
  '/participant',
  '/plan-admin',
  '/eps-admin',
  '/sales-representative',
  '/plan-establishment',
  '/partner-dashboard',
] as const;

export type DashboardPath = (typeof DASHBOARD_PATHS)[number];

/**
 * The dashboard a landing address names, when it is exactly one of the seven dashboard paths
 * (after URL parsing, so `//evil.example` or `/\evil.example` never match); otherwise null.
 */
export function dashboardPathOf(landingUrl: string): DashboardPath | null {
  if (!landingUrl.startsWith('/') || landingUrl.startsWith('//') || landingUrl.includes('\\')) return null;
  let parsed: URL;
  try {
    parsed = new URL(landingUrl, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'https://portal.invalid' || parsed.search !== '' || parsed.hash !== '') return null;
  return DASHBOARD_PATHS.find((path) => path === parsed.pathname) ?? null;
}

/** A dashboard's address in this environment: the environment's path prefix, then the dashboard path. */
export function dashboardUrl(prefix: string, dashboard: DashboardPath): string {
  return `${prefix}${dashboard}`;
}
