import { describe, expect, it } from 'vitest';
import { httpsUrlOrNull } from '../safe-url';

describe('httpsUrlOrNull', () => {
  it('keeps absolute https URLs', () => {
    expect(httpsUrlOrNull('https://assets.example.com/logo.svg')).toBe('https://assets.example.com/logo.svg');
    expect(httpsUrlOrNull('HTTPS://Assets.Example.com/a b.svg')).toBe('https://assets.example.com/a%20b.svg');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://assets.example.com/logo.svg',
    '//evil.example/logo.png',
    '/relative/logo.png',
    'logo.png',
    'https://',
    'vbscript:msgbox(1)',
    '',
  ])('rejects %j', (value) => {
    expect(httpsUrlOrNull(value)).toBeNull();
  });

  it('rejects missing values', () => {
    expect(httpsUrlOrNull(null)).toBeNull();
    expect(httpsUrlOrNull(undefined)).toBeNull();
  });
});
