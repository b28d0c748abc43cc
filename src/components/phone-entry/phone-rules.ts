import {
  AsYouType,
  getCountryCallingCode,
  getExampleNumber,
  isValidPhoneNumber,
  parsePhoneNumberWithError,
  type CountryCode,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { formatPhone10 } from '../../lib/format';
import { commonTexts } from '../../lib/messages/common';

/** The phone form's value (the spec's "phone form value"): national digits and calling code. */
export interface PhoneValue {
  readonly number: string;
  readonly countryCode: string;
}

/** A national number of the +1 countries (no trunk prefix 1, at most 10 digits) as it is typed. */
const NANP_NATIONAL = /^[2-9]\d{0,9}$/;

/**
 * The number as typed, formatted for the country. A number of the +1 countries (the United
 * States first) is grouped 3-3-4 with dashes as it grows, so its 10 digits read as the spec
 * displays them (`201-555-0123`, `formatPhone10`); any other, libphonenumber's national format.
 */
export function formatAsTyped(text: string, country: CountryCode): string {
  const digits = text.replace(/[^\d+]/g, '');
  if (digits === '') return '';
  if (getCountryCallingCode(country) === '1' && NANP_NATIONAL.test(digits)) {
    return digits.length === 10
      ? formatPhone10(digits)
      : [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join('-');
  }
  return new AsYouType(country).input(digits);
}

/**
 * Where the caret goes once `typed` is shown as `formatted`: after as many digits (and `+`) as
 * were before it, so that a digit put in or taken out mid-number leaves the caret where the user
 * was typing, not at the end; at the end when it was at the end.
 */
export function caretAfterFormatting(typed: string, caret: number, formatted: string): number {
  if (caret >= typed.length) return formatted.length;
  const kept = typed.slice(0, caret).replace(/[^\d+]/g, '').length;
  if (kept === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/[\d+]/.test(formatted[index]!)) seen += 1;
    if (seen === kept) return index + 1;
  }
  return formatted.length;
}

/** An example number of the country in its national format (as typed numbers show), for the placeholder. */
export function nationalPlaceholder(country: CountryCode): string {
  const example = getExampleNumber(country, examples);
  if (!example) return '';
  return getCountryCallingCode(country) === '1' ? formatPhone10(example.nationalNumber) : example.formatNational();
}

export function hasNoDigits(text: string): boolean {
  return text.replace(/\D/g, '') === '';
}

/** 'Number is required', 'Number not valid', or null when the number is valid for the country. */
export function phoneError(text: string, country: CountryCode): string | null {
  if (hasNoDigits(text)) return commonTexts.numberRequired;
  return isValidPhoneNumber(text, country) ? null : commonTexts.numberNotValid;
}

export function phoneValue(text: string, country: CountryCode): PhoneValue {
  const parsed = parsePhoneNumberWithError(text, country);
  return { number: parsed.nationalNumber, countryCode: parsed.countryCallingCode };
}
