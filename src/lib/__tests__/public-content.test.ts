import { describe, expect, it } from 'vitest';
import { brandHosts } from '../public-content';

describe('brandHosts', () => {
  it("lists each host of the brand's https links once, with a port when it has one", () => {
    expect(
      brandHosts({
        leftLogoLink: 'https://assets.example-partner.com/logo-left.svg',
        rightLogoLink: 'https://assets.example-partner.com/logo-right.svg',
        privacyLink: 'https://WWW.Example-Partner.com/privacy',
        brandedLoginLink: 'https://login.example-partner.com:8443/login',
        alternateLeftLogoLink: null,
      }),
    ).toEqual(['assets.example-partner.com', 'www.example-partner.com', 'login.example-partner.com:8443']);
  });

  it('ignores links that are not https URLs', () => {
    expect(
      brandHosts({
        leftLogoLink: 'javascript:alert(1)',
        rightLogoLink: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        privacyLink: 'http://www.example-partner.com/privacy',
        brandedLoginLink: '//evil.example/login',
        alternateLeftLogoLink: '/relative/logo.svg',
        faviconLink: '',
      }),
    ).toEqual([]);
    expect(brandHosts(undefined)).toEqual([]);
  });
});
