import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from '../contact-links';

describe('mailtoHref', () => {
  it.each([
    ['admin@example-partner.com', 'mailto:admin@example-partner.com'],
    ['Jane.Doe@Example.COM', 'mailto:Jane.Doe@example.com'],
    ['first.last+401k@mail.example.co.uk', 'mailto:first.last%2B401k@mail.example.co.uk'],
    ['o_k-1@a1.io', 'mailto:o_k-1@a1.io'],
    ['x{y}|z~@example.org', 'mailto:x%7By%7D%7Cz~@example.org'],
    [`${'a'.repeat(64)}@example.com`, `mailto:${'a'.repeat(64)}@example.com`],
  ])('links %s as %s', (address, href) => {
    expect(mailtoHref(address)).toBe(href);
  });

  it.each([
    'a@b.com?bcc=evil@x.com',
    'a@b.com&body=x',
    'a@b.com?subject=Hi&body=click%20https://evil.example',
    'javascript:alert(1)',
    'javascript:alert(1)//@example.com',
    '"><img src=x onerror=alert(1)>',
    '"><img src=x onerror=alert(1)>@example.com',
    'a@b.com\r\nbcc:x',
    'a@b.com\nbcc:evil@x.com',
    'a@b.com bcc:evil@x.com',
    ' a@b.com',
    'a@b.com\t',
    'a,b@example.com',
    'a@example.com,evil@x.com',
    'a@example.com;evil@x.com',
    'jane@example..com',
    'jane..doe@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'jane@.example.com',
    'jane@example.com.',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example.c',
    'jane@example.123',
    'jane@localhost',
    'jane@[127.0.0.1]',
    'jane@127.0.0.1',
    'jane@exa_mple.com',
    'jane%40example.com',
    'jane%0Abcc@example.com',
    '"jane doe"@example.com',
    "o'brien@example.com",
    '`jane`@example.com',
    '<jane@example.com>',
    'Jane <jane@example.com>',
    'jane@example.com>',
    'a@b@example.com',
    '@example.com',
    'jane@',
    'jane',
    'mailto:jane@example.com',
    'jane@exämple.com',
    'jäne@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
    `a@${'b'.repeat(64)}.com`,
    '',
  ])('refuses %j', (address) => {
    expect(mailtoHref(address)).toBeNull();
  });

  it('refuses nothing at all', () => {
    expect(mailtoHref(null)).toBeNull();
    expect(mailtoHref(undefined)).toBeNull();
  });
});

describe('telHref', () => {
  it.each([
    ['800-555-0100', undefined, 'tel:8005550100'],
    ['800-555-0100', '2', 'tel:8005550100,2'],
    ['(800) 555.0100', null, 'tel:8005550100'],
    ['+1 800 555 0100', '', 'tel:+18005550100'],
    ['+44 20 7946 0958', '1234', 'tel:+442079460958,1234'],
    ['5550100', undefined, 'tel:5550100'],
    ['123456789012345', undefined, 'tel:123456789012345'],
  ])('dials %s extension %s as %s', (phone, extension, href) => {
    expect(telHref(phone, extension)).toBe(href);
  });

  it.each([
    ['javascript:alert(1)', undefined],
    ['tel:8005550100', undefined],
    ['800-555-0100?x=1', undefined],
    ['800-555-0100;phone-context=evil.example', undefined],
    ['800-555-0100,2', undefined],
    ['800-555-0100 ext. 2', undefined],
    ['800-555-0100\r\n', undefined],
    ['"><img src=x onerror=alert(1)>', undefined],
    ['1-800-FLOWERS', undefined],
    ['++18005550100', undefined],
    ['1+8005550100', undefined],
    ['555-010', undefined],
    ['1234567890123456', undefined],
    ['８００５５５０１００', undefined],
    ['', undefined],
    [null, undefined],
    ['800-555-0100', 'x2'],
    ['800-555-0100', '2;ext=3'],
    ['800-555-0100', ',,2'],
    ['800-555-0100', ' 2'],
    ['800-555-0100', '12345678901'],
    ['800-555-0100', '<b>2</b>'],
  ])('refuses %j extension %j', (phone, extension) => {
    expect(telHref(phone, extension)).toBeNull();
  });
});
