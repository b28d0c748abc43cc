// The security headers the production build is served with, and how its files are cached: by
// `vite preview` (vite.config.ts, through scripts/portal-preview.mjs) and by the nginx
// configuration that ships it (deploy/nginx/, whose values the tests hold equal to these). Any
// other server that ships the portal copies them; it does not weaken them.

/** The captcha provider's origins: the only third party allowed to run code. */
export const CAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
export const CAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The one inline script the page may run, by its hash: src/index.html's, which, before the app's
 * script has run, hides the prerendered sign-in screen at any other address and its cookie notice
 * once the cookies were accepted, and marks a press on it (a test holds the hash to the script;
 * change both together, and deploy/nginx/ with them).
 */
export const SIGN_IN_ADDRESS_SCRIPT_HASH = 'sha256-yPK4OotiKsZ+aN/Ybpa9O2n20jyY5cQn9PInndM7qNA=';

/**
 * The one inline style sheet the page may apply, by its hash: the first screen's, which the build
 * writes into index.html (vite.config.ts) so the prerendered form paints without a second
 * request. The build fails, naming the new hash, when the styles change and this does not;
 * change deploy/nginx/ with it.
 */
export const FIRST_SCREEN_STYLE_HASH = 'sha256-MEkyXyk3sSHML0BsdH/sZ3bvUCDeH80PFjHTlCLREvA=';

/** No 'unsafe-inline', no 'unsafe-eval'. Brand logos may come from any https host. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' '${SIGN_IN_ADDRESS_SCRIPT_HASH}' ${CAPTCHA_SCRIPT_SOURCES.join(' ')}`,
  `style-src 'self' '${FIRST_SCREEN_STYLE_HASH}'`,
  "img-src 'self' https:",
  "font-src 'self'",
  "connect-src 'self'",
  `frame-src ${CAPTCHA_FRAME_SOURCES.join(' ')}`,
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Headers for every response of the portal's own files, and for the gateway's answers (nginx adds the reporting: reportingSecurityHeaders). */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // Verification pages carry ?token= in their address: never leak it in a Referer.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** The Reporting API's name for the policy's endpoint (`report-to` and `Reporting-Endpoints`). */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * The security headers with the policy's violations reported to reportUrl: `report-to` (with
 * `Reporting-Endpoints`) for the browsers that know the Reporting API, `report-uri` for the rest.
 * @param {string} reportUrl
 */
export function reportingSecurityHeaders(reportUrl) {
  return {
    ...SECURITY_HEADERS,
    'Content-Security-Policy': `${CONTENT_SECURITY_POLICY}; report-uri ${reportUrl}; report-to ${CSP_REPORT_GROUP}`,
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${reportUrl}"`,
  };
}

/**
 * A violation report address: https, or http on the machine itself (browsers deliver reports
 * only to potentially trustworthy origins), without credentials or a fragment.
 * @param {string} value
 * @param {string} name the setting, for the message
 */
export function reportEndpoint(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const local = url?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!url || !(url.protocol === 'https:' || local) || url.username || url.password || url.hash) {
    throw new Error(`${name}=${value} must be an https address (or http on 127.0.0.1) without credentials or a fragment`);
  }
  return url.href;
}

/** HTML must never be cached (it names the current asset hashes and carries no secrets to keep). */
export const HTML_CACHE_CONTROL = 'no-store';
/**
 * The gateway's answers carry tokens and personal data: never stored, whatever the gateway says,
 * unless the contract marks their operation `x-cacheable` (then the gateway's own passes).
 */
export const GATEWAY_CACHE_CONTROL = 'no-store';
/** Hashed assets (everything under /assets/) never change under the same name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The build's other files (favicon.svg) keep their names across releases: revalidated before use. */
export const FILE_CACHE_CONTROL = 'no-cache';
