import { DEFAULT_IDLE_SECONDS } from './constants';

/**
 * Build-time configuration, read once from Vite's `import.meta.env` and checked here so a
 * bad value fails at start-up with a clear message, not later in a screen.
 */
export interface PortalEnv {
  /** Which captcha implementation to use: the real provider (the default), or the local test double. */
  readonly captchaProvider: 'recaptcha' | 'test-double';
  readonly captchaSiteKey: string;
  /** Prefix for the dashboard addresses of this environment (empty in development). */
  readonly envPathPrefix: string;
  /** Deadline for one gateway call. */
  readonly apiTimeoutMs: number;
  /** Idle period before the timeout warning. */
  readonly idleSeconds: number;
  /** The help centre (https). */
  readonly helpCenterUrl: string;
  /** Where advisers request an account (https). */
  readonly partnersPageUrl: string;
  /** The logout survey; the user type is added as a query parameter (https). */
  readonly surveyUrl: string;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function httpsUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw === undefined || raw === '' ? fallback : raw;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an https URL, got "${value}"`);
  }
  if (parsed.protocol !== 'https:') throw new Error(`${name} must be an https URL, got "${value}"`);
  return parsed.href;
}

function readEnv(source: Record<string, string | boolean | undefined>): PortalEnv {
  const text = (name: string): string | undefined => {
    const value = source[name];
    return typeof value === 'string' ? value : undefined;
  };
  // Unset means the real provider, as in the build's own check (vite.config.ts): the test
  // double comes only from an explicit setting.
  const provider = text('VITE_CAPTCHA_PROVIDER') || 'recaptcha';
  if (provider !== 'recaptcha' && provider !== 'test-double') {
    throw new Error(`VITE_CAPTCHA_PROVIDER must be "recaptcha" or "test-double", got "${provider}"`);
  }
  const siteKey = text('VITE_CAPTCHA_SITE_KEY') ?? '';
  if (provider === 'recaptcha' && siteKey === '') throw new Error('VITE_CAPTCHA_SITE_KEY is required with the recaptcha provider');
  const prefix = text('VITE_ENV_PATH_PREFIX') ?? '';
  if (prefix !== '' && !/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(prefix)) {
    throw new Error(`VITE_ENV_PATH_PREFIX must be empty or a path like /prod, got "${prefix}"`);
  }
  return {
    captchaProvider: provider,
    captchaSiteKey: siteKey,
    envPathPrefix: prefix,
    apiTimeoutMs: positiveInteger('VITE_API_TIMEOUT_MS', text('VITE_API_TIMEOUT_MS'), 30_000),
    idleSeconds: positiveInteger('VITE_IDLE_SECONDS', text('VITE_IDLE_SECONDS'), DEFAULT_IDLE_SECONDS),
    helpCenterUrl: httpsUrl('VITE_HELP_CENTER_URL', text('VITE_HELP_CENTER_URL'), 'https://help.example-recordkeeper.com/'),
    partnersPageUrl: httpsUrl('VITE_PARTNERS_PAGE_URL', text('VITE_PARTNERS_PAGE_URL'), 'https://www.example-recordkeeper.com/partners'),
    surveyUrl: httpsUrl('VITE_SURVEY_URL', text('VITE_SURVEY_URL'), 'https://survey.example-recordkeeper.com/logout'),
  };
}

export const env: PortalEnv = readEnv(import.meta.env);
export { readEnv };
