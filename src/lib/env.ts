/**
 * Build-time configuration, read once from Vite's `import.meta.env` and checked here so a
 * bad value fails at start-up with a clear message, not later in a screen.
 */
export interface PortalEnv {
  /** Which captcha implementation to use: the real provider, or the local test double. */
  readonly captchaProvider: 'recaptcha' | 'test-double';
  readonly captchaSiteKey: string;
  /** Prefix for the dashboard addresses of this environment (empty in development). */
  readonly envPathPrefix: string;
  /** Deadline for one gateway call. */
  readonly apiTimeoutMs: number;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function readEnv(source: Record<string, string | boolean | undefined>): PortalEnv {
  const text = (name: string): string | undefined => {
    const value = source[name];
    return typeof value === 'string' ? value : undefined;
  };
  const provider = text('VITE_CAPTCHA_PROVIDER') ?? 'test-double';
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
  };
}

export const env: PortalEnv = readEnv(import.meta.env);
export { readEnv };
