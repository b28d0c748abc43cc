/** Display formats of the spec's section 5: masked contacts and 10-digit phones. */

/** At least this many stars hide a masked value. */
const MIN_STARS = 4;

/** A 10-digit phone as 3-3-4 with dashes; anything else as given. */
export function formatPhone10(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** A phone with only its last 4 digits visible: `***-***-1234`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***-***-${digits.slice(-4).padStart(4, '*')}`;
}

/**
 * An email with the first 1 or 2 characters of its local part (1 when the local part has 2
 * characters or fewer), then stars (4 when the local part has 6 characters or fewer, otherwise
 * its length minus 2), then the domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '*'.repeat(MIN_STARS);
  const local = email.slice(0, at);
  const shown = local.slice(0, local.length <= 2 ? 1 : 2);
  const stars = local.length <= 6 ? MIN_STARS : local.length - 2;
  return `${shown}${'*'.repeat(stars)}${email.slice(at)}`;
}
