import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface CountryOption {
  readonly code: CountryCode;
  readonly dial: string;
  /** 'Country, code, +dial', for example 'Canada, CA, +1'. */
  readonly label: string;
}

export const DEFAULT_COUNTRY: CountryCode = 'US';

/** Every country libphonenumber knows: the United States first, then the rest alphabetically. */
export function countryOptions(locale = 'en'): CountryOption[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
  const options = getCountries().map((code) => {
    const dial = getCountryCallingCode(code);
    const name = names?.of(code) ?? code;
    return { code, dial, label: `${name}, ${code}, +${dial}` };
  });
  const compare = new Intl.Collator(locale).compare;
  const rest = options.filter((option) => option.code !== DEFAULT_COUNTRY).sort((a, b) => compare(a.label, b.label));
  const first = options.find((option) => option.code === DEFAULT_COUNTRY);
  return first ? [first, ...rest] : rest;
}
