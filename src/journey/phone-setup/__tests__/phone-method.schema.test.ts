import { describe, expect, it } from 'vitest';
import { phoneMethodSchema } from '../phone-method.schema';

describe('phoneMethodSchema', () => {
  it.each(['sms', 'call'])('takes %s, a way a code reaches a phone', (method) => {
    expect(phoneMethodSchema.parse({ method })).toEqual({ method });
  });

  it.each(['email', 'totp', '', null])("refuses %j: the contract's other code types do not reach a phone", (method) => {
    expect(phoneMethodSchema.safeParse({ method }).success).toBe(false);
  });
});
