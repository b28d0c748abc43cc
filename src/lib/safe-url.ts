/**
 * URLs that come from the gateway (logos, favicon, help and privacy links) are used only
 * when they parse as absolute `https:` URLs; anything else (javascript:, data:, http:,
 * protocol-relative tricks) yields null so the caller falls back to its default.
 */
export function httpsUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  let parsed: URL;
  try {
    // A base that is never https: a relative or protocol-relative value cannot pass by
    // inheriting the page's scheme.
    parsed = new URL(value, 'about:blank');
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' ? parsed.href : null;
}
