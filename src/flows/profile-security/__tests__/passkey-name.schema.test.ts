import { describe, expect, it } from 'vitest';
import '../../../lib/zod-setup';
import { passkeyNameSchema } from '../passkey-name.schema';

const verdict = (name: string) => {
  const result = passkeyNameSchema.safeParse({ name });
  return result.success ? result.data.name : result.error.issues.map((issue) => issue.message);
};

describe('passkeyNameSchema', () => {
  it("takes the contract's names, without the spaces around them", () => {
    expect(verdict('MacBook Touch ID')).toBe('MacBook Touch ID');
    expect(verdict('  Work laptop ')).toBe('Work laptop');
    expect(verdict('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(verdict('Téléphone 📱')).toBe('Téléphone 📱');
    expect(verdict('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('refuses an empty name, one of spaces only, one too long, and control characters, each with its message', () => {
    expect(verdict('')).toEqual(['Passkey name is required']);
    expect(verdict('    ')).toEqual(['Passkey name is required']);
    expect(verdict('x'.repeat(65))).toEqual(['Use 64 characters or fewer.']);
    expect(verdict('x'.repeat(10_000))).toEqual(['Use 64 characters or fewer.']);
    expect(verdict('a\u0000b')).toEqual(['Use letters, numbers, spaces and punctuation only.']);
    expect(verdict('line\r\nbreak')).toEqual(['Use letters, numbers, spaces and punctuation only.']);
  });
});
