import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { savePhoneBody } from '../../../generated/zod/profile/profile.zod';
import { phoneError, phoneValue, type PhoneValue } from './phone-rules';
import { commonTexts } from '../../lib/messages/common';

/** The contract's phone as savePhone takes it: national digits and the calling code. */
const contractPhone = savePhoneBody.pick({ number: true, countryCode: true });

/**
 * The phone entry: a country and a number as typed. Whether the number is valid is the UI's
 * rule (the country's patterns, phone-rules.ts); the value it gives is the contract's phone,
 * checked against the generated schema. A number either rule refuses is 'Number not valid' (or
 * 'Number is required' without a digit), on the number.
 */
export const phoneEntrySchema = z
  .object({
    country: z.custom<CountryCode>((value) => typeof value === 'string' && isSupportedCountry(value)),
    number: z.string(),
  })
  .transform(({ country, number }, context): PhoneValue => {
    const problem = phoneError(number, country);
    const phone = problem === null ? contractPhone.safeParse(phoneValue(number, country)) : null;
    if (phone?.success) return phone.data;
    context.addIssue({ code: 'custom', path: ['number'], message: problem ?? commonTexts.numberNotValid, input: number });
    return z.NEVER;
  });

export type PhoneEntryInput = z.input<typeof phoneEntrySchema>;
