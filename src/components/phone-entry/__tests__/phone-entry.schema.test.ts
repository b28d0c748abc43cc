import { describe, expect, it } from 'vitest';
import { phoneEntrySchema } from '../phone-entry.schema';

/** The schema's messages by field, as the form shows them. */
function problems(input: unknown) {
  const result = phoneEntrySchema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('phoneEntrySchema', () => {
  it("gives the contract's phone: national digits and the calling code", () => {
    expect(phoneEntrySchema.parse({ country: 'US', number: '201-555-0123' })).toEqual({ number: '2015550123', countryCode: '1' });
    expect(phoneEntrySchema.parse({ country: 'GB', number: '07400 123456' })).toEqual({ number: '7400123456', countryCode: '44' });
  });

  it.each([
    ['', 'US', 'Number is required'],
    ['---', 'US', 'Number is required'],
    ['555-0123', 'US', 'Number not valid'],
    ['201-555-01234', 'US', 'Number not valid'],
    ['555-0123', 'GB', 'Number not valid'],
  ])("%j in %s is refused on the number: '%s'", (number, country, message) => {
    expect(problems({ country, number })).toEqual([['number', message]]);
  });

  it('refuses a country the phone rules do not know', () => {
    expect(problems({ country: 'XX', number: '201-555-0123' })?.map(([path]) => path)).toEqual(['country']);
  });
});
