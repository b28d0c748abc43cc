import { describe, expect, it } from 'vitest';
import { authCodeSchema } from '../auth-code.schema';

describe('authCodeSchema', () => {
  it.each(['7', '123456'])('takes %j: digits only, at most 6', (code) => {
    expect(authCodeSchema.parse({ code })).toEqual({ code });
  });

  it.each(['', '1234567', '12345a', '١٢٣'])('refuses %j', (code) => {
    expect(authCodeSchema.safeParse({ code }).success).toBe(false);
  });
});
