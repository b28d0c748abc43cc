// @vitest-environment node
// The spec's data rules (section 5) live in the contract, so the generated zod enforces them
// for every screen and the gateway shares them.
import { describe, expect, it } from 'vitest';
import { validateUsernameQueryParams } from '../../generated/zod/account-setup/account-setup.zod';
import { verifyMfaCodeBody } from '../../generated/zod/mfa/mfa.zod';
import { getUserCredentialsParams, savePhoneBody, updateUserCredentialsBody } from '../../generated/zod/profile/profile.zod';
import { changePasswordWithTokenBody, retrieveUsernameBody } from '../../generated/zod/recovery/recovery.zod';
import { verifyTokenQueryParams } from '../../generated/zod/verification/verification.zod';
import { verifyTotpRegistrationBody } from '../../generated/zod/totp/totp.zod';
import { authenticateResponse, getUserLandingUrlQueryParams } from '../../generated/zod/sign-in/sign-in.zod';

const setup = { username: 'jsmith401', password: 'Retire#2045', email: 'jane.smith@example.com' };
const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('generated zod carries the spec rules', () => {
  it.each([
    ['jsmi', true],
    ['j234567890123456', true],
    ['jsm', false],
    ['j2345678901234567', false],
    ['1smith', false],
    ['j.smith', false],
    ['jsmith_1', false],
  ])('username %j valid: %s', (username, valid) => {
    expect(accepts(validateUsernameQueryParams, { username })).toBe(valid);
    expect(accepts(updateUserCredentialsBody, { ...setup, username })).toBe(valid);
  });

  it.each([
    ['Retire#2045', true],
    ['Abcdefg1', true],
    ['Abcdefg!', true],
    ['Abcdef@h', true],
    ['Ab1', false],
    ['Abcdefgh1234567890', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abcdefg 1', false],
    ['Abcdefg^1', false],
    ['Abcccdefg1', false],
    ['Aaab1234', true],
    ['Pässwort1', false],
  ])('password %j valid: %s', (password, valid) => {
    expect(accepts(updateUserCredentialsBody, { ...setup, password })).toBe(valid);
  });

  it('limits the setup email to a valid address of at most 200 characters, 64 before the @', () => {
    const host = (last: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.com`;
    expect(accepts(updateUserCredentialsBody, { ...setup, email: `${'a'.repeat(64)}@${host(3)}` })).toBe(true);
    expect(accepts(updateUserCredentialsBody, { ...setup, email: `${'a'.repeat(64)}@${host(4)}` })).toBe(false);
    expect(accepts(updateUserCredentialsBody, { ...setup, email: `${'a'.repeat(65)}@example.com` })).toBe(false);
    expect(accepts(updateUserCredentialsBody, { ...setup, email: 'not an email' })).toBe(false);
  });

  it.each([
    ['jane@example.com', true],
    ['jane@example.info', true],
    ['jane@example.c', false],
    ['jane@example.museum', false],
    ['jane@example.c0m', false],
    [`${'a'.repeat(38)}@example.com`, true],
    [`${'a'.repeat(39)}@example.com`, false],
    ['', false],
    ["o'brien+401k@mail.example-partner.co.uk", true],
    ['a@b.cc', true],
    ['j_doe-1@x1.example.com', true],
    // Addresses the earlier pattern let through: each is refused now.
    ['jane@example..com', false],
    ['.jane@example.com', false],
    ['jane.@example.com', false],
    ['jane..doe@example.com', false],
    ['ja<ne>@example.com', false],
    ['jane@exa_mple.com', false],
    ['jane@-example.com', false],
    ['jane@example-.com', false],
    ['a,b@example.com', false],
    ['"jane"@example.com', false],
    ['jane doe@example.com', false],
    ['jane@@example.com', false],
    ['jane@example', false],
    ['jane@.example.com', false],
    ['jane@example.com.', false],
    ['jane@exam ple.com', false],
  ])('forgot-username email %j valid: %s', (email, valid) => {
    expect(accepts(retrieveUsernameBody, { role: 'ROLE_PARTICIPANT', email, captcha: 'x' })).toBe(valid);
  });

  it('allows only the three forgot-username roles', () => {
    expect(accepts(retrieveUsernameBody, { role: 'ROLE_OTHER', email: 'a@b.com', captcha: 'x' })).toBe(true);
    expect(accepts(retrieveUsernameBody, { role: 'ROLE_TPA', email: 'a@b.com', captcha: 'x' })).toBe(false);
  });

  it.each([
    ['123456', true],
    ['12', true],
    ['1234567', false],
    ['12a456', false],
    ['１２３４５６', false],
    ['', false],
  ])('code %j valid: %s', (code, valid) => {
    expect(accepts(verifyMfaCodeBody, { code, type: 'sms' })).toBe(valid);
    expect(accepts(verifyTotpRegistrationBody, { code, authAppName: 'App' })).toBe(valid);
  });

  it('limits the authenticator name to 25 characters', () => {
    expect(accepts(verifyTotpRegistrationBody, { code: '1', authAppName: 'a'.repeat(25) })).toBe(true);
    expect(accepts(verifyTotpRegistrationBody, { code: '1', authAppName: 'a'.repeat(26) })).toBe(false);
  });

  it('requires a phone number of digits and a country code', () => {
    expect(accepts(savePhoneBody, { type: 30, number: '5555550123', countryCode: '1' })).toBe(true);
    expect(accepts(savePhoneBody, { type: 30, number: '555-555-0123', countryCode: '1' })).toBe(false);
    expect(accepts(savePhoneBody, { type: 30, number: '5555550123', countryCode: '+1' })).toBe(false);
  });

  // A user id is a segment of request paths: nothing in it may change which path is called.
  it.each([
    ['100245', true],
    ['Ab_9-z', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['', false],
    ['100245/../../../announcements.json#', false],
    ['..', false],
    ['1.2', false],
    ['100%2f245', false],
    ['100245?x=1', false],
    ['100245#x', false],
    ['100 245', false],
    ['100245\\x', false],
  ])('user id %j valid: %s', (userId, valid) => {
    expect(accepts(getUserCredentialsParams, { userId })).toBe(valid);
    expect(accepts(authenticateResponse, { data: { roles: ['ROLE_PARTICIPANT'], userId, token: 't' }, errors: [] })).toBe(valid);
  });

  it.each([
    ['ROLE_PLAN_ADMIN', true],
    ['PLAN_ADMIN', true],
    ['OTHER', true],
    ['plan_admin', false],
    ['ROLE_ADMIN', false],
    ['ROLE_ROLE_TPA', false],
  ])('takes the sign-in role %j with or without its prefix: %s', (role, valid) => {
    expect(accepts(authenticateResponse, { data: { roles: [role], userId: '1', token: 't' } })).toBe(valid);
  });

  // Link tokens as real issuers make them (base64 in both alphabets, JWTs) and as the mock names them.
  it.each([
    ['email-expired', true],
    ['expired', true],
    ['q83vEjRWeJA+/w==', true],
    ['q83vEjRWeJA-_w', true],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', true],
    ['a'.repeat(512), true],
    ['a'.repeat(513), false],
    ['', false],
    ['abc=def', false],
    ['abc===', false],
    ['a b', false],
    ['a%2Fb', false],
    ['a?b=1', false],
    ['a#b', false],
    ['a&b', false],
  ])('link token %j valid: %s', (token, valid) => {
    expect(accepts(verifyTokenQueryParams, { token })).toBe(valid);
    expect(accepts(changePasswordWithTokenBody, { token, newPassword: 'Retire#2045' })).toBe(valid);
  });

  it('types roles as the five known roles', () => {
    expect(accepts(getUserLandingUrlQueryParams, { role: 'ROLE_TPA' })).toBe(true);
    expect(accepts(getUserLandingUrlQueryParams, { role: 'ROLE_ADMIN' })).toBe(false);
  });
});
