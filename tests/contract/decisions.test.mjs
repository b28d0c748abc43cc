// @vitest-environment node
// The contract's answers to the questions a gateway team would otherwise ask (issue #11): the
// data wrapper, reset links, how a reset verifies its code, the two `type`s, the sign-in body.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, responseExamples } from './contract-helpers.mjs';

const byId = Object.fromEntries(operations().map((entry) => [entry.operation.operationId, entry.operation]));
const schemas = bundle.components.schemas;
const jsonSchemaOf = (operation, status = '200') => deref(deref(deref(operation.responses[status]).content['application/json'].schema));
/** The success alternative of an answer that is its payload in `data` or a business failure. */
const successOf = (schema) => deref(schema.anyOf.find((branch) => deref(branch).required?.includes('data')));

describe('decisions a gateway team needs', () => {
  it.each([['registerTotp'], ['getUserCredentials'], ['validateUsername'], ['getTotpInfo']])(
    "%s says its data wrapper is this contract's choice",
    (id) => {
      expect(byId[id].description.replace(/\s+/g, ' ')).toMatch(/wrapping the answer in `data`.*is this contract's choice/);
      expect(Object.keys(successOf(jsonSchemaOf(byId[id])).properties)).toEqual(['data', 'errors']);
    },
  );

  it('gives reset links their own type, answered only by verifyResetToken', () => {
    const reset = responseExamples(byId.verifyResetToken).filter((example) => example.status === 200 && example.value.data);
    expect(reset.map((example) => example.value.data.type)).toEqual(['Password Reset', 'Password Reset', 'Password Reset']);
    expect(successOf(jsonSchemaOf(byId.verifyResetToken)).properties.data.$ref).toBe('#/components/schemas/ResetLinkRecord');
    expect(schemas.VerificationType.enum).not.toContain('Password Reset');
    const types = responseExamples(byId.verifyToken).map((example) => example.value.data?.type);
    expect(types).not.toContain('Password Reset');
  });

  it('describes the four link flags, each in words a gateway acts on', () => {
    for (const [flag, name] of [
      ['isCompleted', 'LinkCompleted'],
      ['isValidated', 'LinkValidated'],
      ['verified', 'LinkVerified'],
      ['hasExpiredVerification', 'LinkExpired'],
    ]) {
      expect(schemas.VerificationRecord.properties[flag].$ref).toBe(`#/components/schemas/${name}`);
      expect(schemas.ResetLinkRecord.properties[flag].$ref).toBe(`#/components/schemas/${name}`);
      expect(schemas[name].description.length).toBeGreaterThan(120);
    }
  });

  it('has the trustee link expired both ways: needs a fresh verification, and check the inbox', () => {
    const trustee = Object.fromEntries(responseExamples(byId.verifyToken).map((example) => [example.name, example.value.data]));
    expect(trustee.trusteeSigningExpired).toMatchObject({ isValidated: false, verified: false, hasExpiredVerification: true });
    expect(trustee.trusteeSigningReplaced).toMatchObject({
      isCompleted: false,
      isValidated: false,
      verified: false,
      hasExpiredVerification: false,
    });
  });

  it('verifies a reset code in resetPassword, public, while mfa/code/verify needs a session', () => {
    expect(byId.resetPassword.security).toEqual([]);
    const body = deref(deref(byId.resetPassword.requestBody).content['application/json'].schema);
    expect(body.properties.mfaCode).toBeDefined();
    expect(byId.resetPassword.description.replace(/\s+/g, ' ')).toMatch(/is verified by this call itself/);
    expect(responseExamples(byId.resetPassword).map((example) => example.name)).toEqual(
      expect.arrayContaining(['codeNotValid', 'lockout']),
    );
    expect(byId.verifyMfaCode.security).toEqual([{ authToken: [] }]);
    expect(byId.verifyMfaCode.description.replace(/\s+/g, ' ')).toMatch(/a password reset with `resetPassword`/);
  });

  it('tells the two verify types apart: a phone type code and a one-time-code method', () => {
    const phoneType = deref(deref(byId.markPhoneVerified.requestBody).content['application/json'].schema).properties.type;
    expect(phoneType.type).toBe('integer');
    expect(byId.markPhoneVerified.description).toMatch(/phone's type code, an integer/);
    const emailType = byId.markEmailVerified.parameters.map(deref).find((parameter) => parameter.name === 'type');
    expect(emailType.schema.$ref).toBe('#/components/schemas/MfaType');
    expect(byId.markEmailVerified.description).toMatch(/one-time-code method/);
  });

  it('answers a wrong password with 200 and an error shown inline; 401 only for a missing or malformed Authorization header', () => {
    const wrongPassword = responseExamples(byId.authenticate).find((example) => example.name === 'AUERR02');
    expect(wrongPassword).toMatchObject({ status: 200, value: { errors: [{ code: 'AUERR02' }] } });
    expect(wrongPassword.value.data).toBeUndefined();
    const description = byId.authenticate.description.replace(/\s+/g, ' ');
    expect(description).toMatch(/A wrong username or password is a business error: HTTP 200 with an error in `errors`/);
    expect(description).toMatch(/It is never a 401/);
    const unauthorized = byId.authenticate.responses['401'];
    // Its own answer, not the shared one that describes a refused session token.
    expect(unauthorized.$ref).toBeUndefined();
    expect(unauthorized.description.replace(/\s+/g, ' ')).toMatch(
      /^The `Authorization` header is missing or is not a well-formed Basic credential .* Never a wrong username or password/,
    );
    expect(deref(unauthorized.content['application/json'].schema)).toBe(schemas.ErrorEnvelope);
    expect(
      responseExamples(byId.authenticate)
        .filter((example) => example.status === 401)
        .map((example) => example.name),
    ).toEqual(['noCredentials']);
  });

  it('sends the sign-in body as a JSON string literal, and says a text/plain body is refused', () => {
    const content = deref(byId.authenticate.requestBody).content;
    expect(Object.keys(content)).toEqual(['application/json']);
    expect(deref(content['application/json'].schema).type).toBe('string');
    expect(typeof deref(content['application/json'].examples.fingerprint).value).toBe('string');
    expect(byId.authenticate.description).toContain('"9f86d081884c7d65"');
    expect(byId.authenticate.description).toMatch(/`text\/plain` body.*is refused/);
    expect(byId.authenticate.responses['415']?.$ref).toBe('#/components/responses/UnsupportedMediaType');
  });
});
