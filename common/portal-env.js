// @ts-check
// The portal's build-time settings: the VITE_ variables of the environment and the .env files,
// checked once, where Vite reads them (vite.config.ts, for builds, the dev server and Vitest),
// so a bad value fails there with a clear message rather than in a user's browser. The checked
// values reach the app as one constant (src/lib/env.ts).

/**
 * @typedef {object} PortalEnv
 * @property {'recaptcha' | 'test-double'} captchaProvider The real captcha provider (the default),
 *   or the local test double.
 * @property {string} captchaSiteKey
 * @property {string} envPathPrefix Prefix of the dashboard addresses of this environment (empty in development).
 * @property {number} apiTimeoutMs Deadline for one gateway call.
 * @property {number} idleSeconds Idle period before the timeout warning.
 * @property {string} helpCenterUrl The help centre (https).
 * @property {string} partnersPageUrl Where advisers request an account (https).
 * @property {string} surveyUrl The logout survey; the user type is added as a query parameter (https).
 */

/** Idle period before the timeout warning (the spec's section 9), unless VITE_IDLE_SECONDS says otherwise. */
export const DEFAULT_IDLE_SECONDS = 1770;

/**
 * The modes whose builds may hold the captcha test double: the dev server, the unit tests and
 * the end-to-end build (`vite build --mode e2e`). Each sets it in its committed `.env.<mode>`.
 */
export const TEST_DOUBLE_MODES = ['development', 'test', 'e2e'];

/**
 * @param {string} name
 * @param {string | undefined} raw
 * @param {number} fallback
 */
function positiveInteger(name, raw, fallback) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * @param {string} name
 * @param {string | undefined} raw
 * @param {string} fallback
 */
function httpsUrl(name, raw, fallback) {
  const value = raw === undefined || raw === '' ? fallback : raw;
  /** @type {URL} */
  let parsed;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an https URL, got "${value}"`);
  }
  if (parsed.protocol !== 'https:') throw new Error(`${name} must be an https URL, got "${value}"`);
  return parsed.href;
}

/**
 * The checked settings of a mode, from the VITE_ variables Vite has read for it. A production
 * build cannot ship the captcha test double (a checkbox any script can tick) by leaving a
 * setting out, and fails here, not on the sign-in page, without its site key.
 * @param {Readonly<Record<string, string | undefined>>} source
 * @param {string} mode
 * @returns {PortalEnv}
 */
export function readPortalEnv(source, mode) {
  // Unset means the real provider: the safe choice is the one that needs no setting.
  const provider = source.VITE_CAPTCHA_PROVIDER || 'recaptcha';
  if (provider !== 'recaptcha' && provider !== 'test-double') {
    throw new Error(`VITE_CAPTCHA_PROVIDER must be "recaptcha" or "test-double", got "${provider}".`);
  }
  if (provider === 'test-double' && !TEST_DOUBLE_MODES.includes(mode)) {
    throw new Error(
      `VITE_CAPTCHA_PROVIDER=test-double is refused in mode "${mode}": the test double lets any script pass the captcha. ` +
        `It is for the modes ${TEST_DOUBLE_MODES.join(', ')} only (the end-to-end build is \`vite build --mode e2e\`); ` +
        'a production build uses reCAPTCHA: unset VITE_CAPTCHA_PROVIDER and set VITE_CAPTCHA_SITE_KEY.',
    );
  }
  const siteKey = source.VITE_CAPTCHA_SITE_KEY ?? '';
  if (provider === 'recaptcha' && siteKey === '') {
    throw new Error(
      `Mode "${mode}" uses Google reCAPTCHA and needs its site key: set VITE_CAPTCHA_SITE_KEY ` +
        `in the environment or in .env.${mode}.local. ` +
        'For the end-to-end tests, build with the captcha test double instead: `vite build --mode e2e` (npm run build:e2e).',
    );
  }
  const prefix = source.VITE_ENV_PATH_PREFIX ?? '';
  if (prefix !== '' && !/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(prefix)) {
    throw new Error(`VITE_ENV_PATH_PREFIX must be empty or a path like /prod, got "${prefix}"`);
  }
  return {
    captchaProvider: provider,
    captchaSiteKey: siteKey,
    envPathPrefix: prefix,
    apiTimeoutMs: positiveInteger('VITE_API_TIMEOUT_MS', source.VITE_API_TIMEOUT_MS, 30_000),
    idleSeconds: positiveInteger('VITE_IDLE_SECONDS', source.VITE_IDLE_SECONDS, DEFAULT_IDLE_SECONDS),
    helpCenterUrl: httpsUrl('VITE_HELP_CENTER_URL', source.VITE_HELP_CENTER_URL, 'https://help.example-recordkeeper.com/'),
    partnersPageUrl: httpsUrl('VITE_PARTNERS_PAGE_URL', source.VITE_PARTNERS_PAGE_URL, 'https://www.example-recordkeeper.com/partners'),
    surveyUrl: httpsUrl('VITE_SURVEY_URL', source.VITE_SURVEY_URL, 'https://survey.example-recordkeeper.com/logout'),
  };
}
