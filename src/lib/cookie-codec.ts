/**
 * The text form of cookies: reading one value out of `document.cookie`, and writing the string
 * that sets or deletes one. Pure functions; only session-storage.ts touches the real cookies.
 */

export interface CookieOptions {
  /** Seconds until the browser forgets it; a session cookie without. */
  readonly maxAgeSeconds?: number;
  /** Sent over https only (set when the page itself is https). */
  readonly secure: boolean;
}

/** The value of the named cookie in a `document.cookie` string, or null when it is absent or undecodable. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The assignment to `document.cookie` that sets a site-wide, same-site-strict cookie. */
export function setCookieString(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions): string {
  const maxAge = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  return `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure ? '; Secure' : ''}${maxAge}`;
}

/** The assignment to `document.cookie` that deletes a cookie set by {@link setCookieString}. */
export function deleteCookieString(name: string, { secure }: Pick<CookieOptions, 'secure'>): string {
  return `${name}=; path=/; SameSite=Strict${secure ? '; Secure' : ''}; max-age=0`;
}
