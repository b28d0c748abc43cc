import { AsYouType, getExampleNumber, isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';

/** The phone form's value (the spec's "phone form value"): national digits and calling code. */
export interface PhoneValue {
  readonly number: string;
  readonly countryCode: string;
}

/** The number as typed, formatted for the country. */
export function formatAsTyped(text: string, country: CountryCode): string {
  const digits = text.replace(/[^\d+]/g, '');
  if (digits === '') return '';
  return new AsYouType(country).input(digits);
}

/** An example number of the country in its national format, for the placeholder. */
export function nationalPlaceholder(country: CountryCode): string {
  return getExampleNumber(country, examples)?.formatNational() ?? '';
}

/** 'Number is required', 'Number not valid', or null when the number is valid for the country. */
export function phoneError(text: string, country: CountryCode): string | null {
  if (text.replace(/\D/g, '') === '') return 'Number is required';
  return isValidPhoneNumber(text, country) ? null : 'Number not valid';
}

/** The value to save, for a number `phoneError` accepted. */
export function phoneValue(text: string, country: CountryCode): PhoneValue {
  const parsed = parsePhoneNumberWithError(text, country);
  return { number: parsed.nationalNumber, countryCode: parsed.countryCallingCode };
}
