import { describe, expect, it } from 'vitest';
import { formatPhone10, maskEmail, maskPhone } from '../format';

describe('maskEmail', () => {
  it.each([
    ['a@x.com', 'a****@x.com'],
    ['ab@x.com', 'a****@x.com'],
    ['abc@x.com', 'ab****@x.com'],
    ['abcdef@x.com', 'ab****@x.com'],
    ['abcdefg@x.com', 'ab*****@x.com'],
    ['jane.smith@example.com', 'ja********@example.com'],
    ['ja****@example.com', 'ja****@example.com'],
    ['first.last@sub@example.com', 'fi************@example.com'],
  ])('%s shows as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('hides anything that is not an address', () => {
    expect(maskEmail('not-an-email')).toBe('****');
    expect(maskEmail('@example.com')).toBe('****');
  });
});

describe('maskPhone', () => {
  it.each([
    ['5555551234', '***-***-1234'],
    ['(555) 555-1234', '***-***-1234'],
    ['+1 555 555 1234', '***-***-1234'],
    ['***-***-1234', '***-***-1234'],
    ['12', '***-***-**12'],
  ])('%s shows only its last 4 digits: %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('formatPhone10', () => {
  it('shows 10 digits as 3-3-4', () => {
    expect(formatPhone10('5555551234')).toBe('555-555-1234');
    expect(formatPhone10('(555) 555 1234')).toBe('555-555-1234');
  });

  it('leaves other lengths alone', () => {
    expect(formatPhone10('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
