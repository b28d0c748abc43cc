/**
 * A stable, non-identifying fingerprint of this browser, sent as the sign-in body so the
 * gateway can recognise a computer the user chose to remember. Built from coarse properties
 * only; it is a hint for the gateway, not a secret.
 */
export function deviceFingerprint(): string {
  const parts = [
    navigator.userAgent,
    navigator.language,
    String(screen.width),
    String(screen.height),
    String(screen.colorDepth),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ];
  return hash(parts.join('|'));
}

/** 64-bit FNV-1a as 16 hex digits. */
function hash(text: string): string {
  let value = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    value ^= BigInt(byte);
    value = (value * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return value.toString(16).padStart(16, '0');
}
