/*
 * The only builders of `mailto:` and `tel:` addresses. Contact details come from the brand's
 * configuration or from gateway HTML, so they are data, not markup: an unchecked address in a
 * `mailto:` link could add `?bcc=`/`&body=` parts, point the link at a different scheme, or
 * carry header injections. A value that is not one plain address or number yields null, and the
 * caller shows it as text instead of a link.
 */

const MAX_LOCAL_LENGTH = 64;
const MAX_ADDRESS_LENGTH = 254;
const MAX_DOMAIN_LENGTH = 253;
/*
 * A dot-atom local part from RFC 5322's atext, without the characters that mean something in a
 * mailto URL or in HTML (`?`, `&`, `%`, `,`, quotes, backtick): the address is also shown as text
 * and has to mean the same to a person as to the mail client.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$*+/=^_{|}~-]+(?:\.[A-Za-z0-9!#$*+/=^_{|}~-]+)*$/;
/** Hostname labels (letters, digits, inner hyphens), at least two, ending in a 2+ letter TLD. */
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * The `mailto:` address for one plain email address, or null when the value is anything else
 * (several addresses, query parts such as `?bcc=`, other schemes, whitespace, line breaks,
 * angle brackets, quotes, percent escapes, over-long parts). The local part is percent-encoded,
 * so the result has no `mailto:` syntax of its own besides the single `@`.
 */
export function mailtoHref(address: string | null | undefined): string | null {
  if (!address || address.length > MAX_ADDRESS_LENGTH) return null;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at < 1 || local.length > MAX_LOCAL_LENGTH || domain.length > MAX_DOMAIN_LENGTH) return null;
  if (!LOCAL_PART.test(local) || !DOMAIN.test(domain)) return null;
  return `mailto:${encodeURIComponent(local)}@${domain.toLowerCase()}`;
}

/** Digits with the separators people write in phone numbers, and at most one leading `+`. */
const PHONE = /^\+?[0-9 ().-]+$/;
const EXTENSION = /^[0-9]{1,10}$/;
// E.164 allows 15 digits; fewer than 7 is not a number anyone can dial from outside.
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/**
 * The `tel:` address for a phone number and optional extension, or null when the number holds
 * anything but digits, spaces, `-`, `.`, parentheses and a leading `+`, has fewer than 7 or more
 * than 15 digits, or the extension is not digits only. The result keeps the digits and the
 * leading `+`; an extension follows a comma, which phones dial after a pause.
 */
export function telHref(phone: string | null | undefined, extension?: string | null): string | null {
  if (!phone || !PHONE.test(phone)) return null;
  const digits = phone.replace(/[^0-9]/g, '');
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null;
  if (extension && !EXTENSION.test(extension)) return null;
  return `tel:${phone.startsWith('+') ? '+' : ''}${digits}${extension ? `,${extension}` : ''}`;
}
