import { intlLocale, type Locale } from '../../lib/i18n/locale';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export const DEFAULT_COUNTRY: CountryCode = 'US';

/**
 * Every country libphonenumber knows, labelled 'Country, code, +dial' (for example 'Canada, CA,
 * +1'): the United States first, then the rest alphabetically.
 */
export function countryOptions(locale?: Locale): { readonly value: CountryCode; readonly label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }) : null;
  const options = getCountries().map((value) => ({
    value,
    label: `${names?.of(value) ?? value}, ${value}, +${getCountryCallingCode(value)}`,
  }));
  const compare = new Intl.Collator(intlLocale(locale)).compare;
  const rest = options.filter((option) => option.value !== DEFAULT_COUNTRY).sort((a, b) => compare(a.label, b.label));
  const first = options.find((option) => option.value === DEFAULT_COUNTRY);
  return first ? [first, ...rest] : rest;
}
