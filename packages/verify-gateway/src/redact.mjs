// Secrets never leave the kit in clear: a request printed as curl, a value shown in a violation,
// a cookie quoted in a report all mask passwords, tokens, codes, answers, captcha responses and
// cookies (by the name of the header, parameter or field, and by the values known to be secret).
import { SECRET_NAME } from './contract.mjs';

export const MASK = '***';

/** Every occurrence of a known secret value in the text masked (values under 4 characters are too common to mask). */
export function maskSecrets(text, secrets = []) {
  let masked = text;
  for (const secret of secrets) if (secret && secret.length >= 4) masked = masked.split(secret).join(MASK);
  return masked;
}

/** A JSON value with the values of secret-named fields masked, at any depth. */
export function maskJson(value) {
  if (Array.isArray(value)) return value.map(maskJson);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_NAME.test(key) ? MASK : maskJson(item)]));
}

const quote = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The request as a curl command a gateway team can run, secrets masked: headers named like a
 * credential, secret-named fields of a JSON body, and every known secret value anywhere.
 *
 * @param {{ method: string, url: string, headers: Record<string, string>, body?: string }} request the URL absolute
 * @param {string[]} [secrets] values to mask wherever they appear
 */
export function curlOf(request, secrets = []) {
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quote(request.url));
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', quote(`${name}: ${SECRET_NAME.test(name) ? MASK : value}`));
  if (request.body !== undefined) {
    let body = request.body;
    try {
      body = JSON.stringify(maskJson(JSON.parse(body)));
    } catch {
      // Not JSON: only the known secret values are masked.
    }
    parts.push('--data-raw', quote(body));
  }
  return maskSecrets(parts.join(' '), secrets);
}
