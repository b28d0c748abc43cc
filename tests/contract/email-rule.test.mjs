// @vitest-environment node
// One definition of a valid email address: `Email`'s pattern, shared by every email field, read
// alike by the JSON Schema (ajv on the bundle), the verification kit (ajv on its strict variant)
// and the portal (the generated zod). Each address of the corpus gets the same verdict from all
// three, for each field, and the verdict the corpus gives it; a field's own length rules (setup
// email 200, forgot-username 6 to 50 with a 2 to 4 letter suffix) come on top.
import { beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, pointer, strictVariant } from '@signin-portal/verify-gateway/contract-validator';
import { bundle, loadZodModules } from './contract-helpers.mjs';
import { EMAIL_ADDRESSES } from './fixtures/email-addresses.mjs';

const schemas = bundle.components.schemas;
const body = (path, method) => pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema');
const answer = (path, method) => pointer('paths', path, method, 'responses', '200', 'content', 'application/json', 'schema');

/** Each email field, as the portal and a gateway meet it: where its schema is, how a value sits in it, its own rules. */
const FIELDS = [
  {
    name: 'SetupEmail (updateEmail body)',
    fragment: body('/login-gateway/credentials/email', 'post'),
    zod: ['profile', 'updateEmailBody'],
    wrap: (email) => ({ email }),
    accepts: (address, valid) => valid && address.length <= 200,
  },
  {
    name: 'SetupEmail (updateCredentials body)',
    fragment: body('/login-gateway/credentials', 'put'),
    zod: ['profile', 'updateCredentialsBody'],
    wrap: (email) => ({ username: 'jsmith401', password: 'Retire#2045', email }),
    accepts: (address, valid) => valid && address.length <= 200,
  },
  {
    name: 'ForgotUsernameEmail (retrieveUsername body)',
    fragment: body('/login-gateway/public/profile/credentials/retrieveUsername', 'post'),
    zod: ['recovery', 'retrieveUsernameBody'],
    wrap: (email) => ({ role: 'ROLE_PARTICIPANT', email, captcha: '03AFcWeA6-captcha-response' }),
    accepts: (address, valid) => valid && address.length >= 6 && address.length <= 50 && /\.[A-Za-z]{2,4}$/.test(address),
  },
  {
    name: 'Email (getUserCredentials answer)',
    fragment: answer('/login-gateway/user/{userId}/profile/credentials', 'get'),
    zod: ['profile', 'getUserCredentialsResponse'],
    wrap: (email) => ({ data: { userName: 'jsmith401', emailAddress: email, isEmailVerified: true } }),
    accepts: (address, valid) => valid,
  },
];

let judges;
beforeAll(async () => {
  const zod = await loadZodModules();
  const plain = contractAjv(bundle);
  const kit = contractAjv(strictVariant(bundle));
  judges = Object.fromEntries(
    FIELDS.map((field) => {
      const schema = plain.validatorAt(field.fragment);
      const strict = kit.validatorAt(field.fragment);
      const zodSchema = zod[field.zod[0]][field.zod[1]];
      return [
        field.name,
        (address) => ({
          'JSON Schema': schema(field.wrap(address)),
          kit: strict(field.wrap(address)),
          zod: zodSchema.safeParse(field.wrap(address)).success,
        }),
      ];
    }),
  );
}, 60_000);

describe('the email corpus', () => {
  it('holds at least 100 addresses, valid and not, at every length limit', () => {
    expect(EMAIL_ADDRESSES.length).toBeGreaterThanOrEqual(100);
    expect(EMAIL_ADDRESSES.filter((entry) => entry.valid).length).toBeGreaterThan(40);
    expect(EMAIL_ADDRESSES.filter((entry) => !entry.valid).length).toBeGreaterThan(40);
    const lengths = new Set(EMAIL_ADDRESSES.map((entry) => entry.address.length));
    for (const length of [50, 51, 200, 201, 254, 255]) expect(lengths).toContain(length);
    const localParts = new Set(EMAIL_ADDRESSES.map((entry) => entry.address.lastIndexOf('@')));
    expect(localParts).toContain(64);
    expect(localParts).toContain(65);
    expect(new Set(EMAIL_ADDRESSES.map((entry) => entry.address)).size).toBe(EMAIL_ADDRESSES.length);
  });

  describe.each(FIELDS)('$name', (field) => {
    it.each(EMAIL_ADDRESSES.map((entry) => [JSON.stringify(entry.address).slice(0, 80), entry]))(
      '%s: the same verdict from all three',
      (_, { address, valid, why }) => {
        const verdict = field.accepts(address, valid);
        expect(judges[field.name](address), why).toEqual({ 'JSON Schema': verdict, kit: verdict, zod: verdict });
      },
    );
  });
});

describe('one definition', () => {
  const emailPattern = schemas.Email.pattern;

  it('has no format: email left, which ajv and zod would judge apart', () => {
    expect(JSON.stringify(bundle)).not.toMatch(/"format":\s*"email"/);
  });

  it("gives every email field Email's pattern; the forgot-username one only narrows its suffix", () => {
    expect(schemas.SetupEmail.pattern).toBe(emailPattern);
    expect(schemas.Email.maxLength).toBe(254);
    expect(schemas.SetupEmail.maxLength).toBe(200);
    expect(schemas.ForgotUsernameEmail.maxLength).toBe(50);
    const suffix = '(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9](?:[A-Za-z0-9-]{0,57}[A-Za-z0-9])?)$';
    expect(emailPattern.endsWith(suffix)).toBe(true);
    expect(schemas.ForgotUsernameEmail.pattern).toBe(emailPattern.replace(suffix, '[A-Za-z]{2,4}$'));
    const withAt = Object.entries(schemas).filter(([, schema]) => typeof schema.pattern === 'string' && schema.pattern.includes('@(?:'));
    expect(withAt.map(([name]) => name).sort()).toEqual(['Email', 'ForgotUsernameEmail', 'SetupEmail']);
  });

  it("holds the spec's limits of 64 before the @ and 254 in all", () => {
    const rule = new RegExp(emailPattern, 'u');
    expect(rule.test(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(rule.test(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
});
