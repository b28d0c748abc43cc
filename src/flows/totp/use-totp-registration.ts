/**
 * The secret of an `otpauth://` uri in groups of four characters, for typing it into an app by
 * hand; null when the uri carries none.
 */
export function manualEntryKey(uri: string): string | null {
  let secret: string | null;
  try {
    secret = new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
  if (!secret) return null;
  return (
    secret
      .replace(/\s|=+$/g, '')
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join(' ');
}
