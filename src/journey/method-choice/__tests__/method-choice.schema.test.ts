import { describe, expect, it } from 'vitest';
import type { MfaOption } from '../../../../generated/models/mfaOption';
import { methodChoiceSchema } from '../method-choice.schema';

const methods: readonly MfaOption[] = [
  { type: 'sms', contactInfo: '5555551234' },
  { type: 'email', contactInfo: 'ana@example.com' },
  { type: 'sms', contactInfo: '5555559876' },
];

describe('methodChoiceSchema', () => {
  it('gives the method chosen by its place in the list, the same type twice included', () => {
    const schema = methodChoiceSchema(methods);
    expect(schema.parse({ choice: '1' })).toEqual({ method: methods[1] });
    expect(schema.parse({ choice: '2' })).toEqual({ method: methods[2] });
  });

  it.each([null, '3', '-1', '', ' 1', '1.0', 'sms'])('refuses %j: no choice, or no method at that place', (choice) => {
    const result = methodChoiceSchema(methods).safeParse({ choice });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['choice']]);
  });
});
