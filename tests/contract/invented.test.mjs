// @vitest-environment node
// What the spec does not show and this contract chose or invented says so, where a gateway
// developer reads it: every error code beyond the spec's, the fields, patterns and prefixes below.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, responseExamples } from './contract-helpers.mjs';

const LABEL = /this\s+contract's\s+(choice|invention)/i;
/** The error codes the spec's section 8 names; the portal branches on no other. */
const SPEC_CODES = ['AUERR01', 'AUERR05', 'VEERR01', 'VEERR02', 'VEERR03', 'CVERR02'];

const schemas = bundle.components.schemas;
const byId = Object.fromEntries(operations().map((entry) => [entry.operation.operationId, entry.operation]));

const INVENTED = [
  ['Phone.verified', schemas.Phone.properties.verified],
  ['EmailVerification.verified', schemas.EmailVerification.properties.verified],
  ['EmailVerification.alreadyVerified', schemas.EmailVerification.properties.alreadyVerified],
  ['AccountMapping.verified', schemas.AccountMapping.properties.verified],
  ['AccountMapping.hasExpiredVerification', schemas.AccountMapping.properties.hasExpiredVerification],
  ['LinkToken (its pattern and length)', schemas.LinkToken],
  ['Address.state (its length)', schemas.Address.properties.state],
  ['Address.zipCode (its pattern)', schemas.Address.properties.zipCode],
  ['ResetLinkType (Password Reset)', schemas.ResetLinkType],
  ['the Securityanswer encoding', deref(byId.authenticate.parameters.find((parameter) => deref(parameter).name === 'Securityanswer'))],
  ['the public branding prefix', byId.getPublicBranding],
  ['the user branding prefix', byId.getUserBranding],
  ['the contact prefix', byId.getUserContact],
  ['the status prefix', byId.getStatus],
  ['the participant log prefix', byId.logParticipantActivity],
  ['LastAccessed (milliseconds since the epoch)', schemas.LastAccessed],
  ['Date (YYYY-MM-DD)', schemas.Date],
  ['OptionSettings.optionValue (a YYYY-MM-DD date)', schemas.OptionSettings.properties.optionValue],
  ['the plans prefix /partner-gateway', bundle.tags.find((tag) => tag.name === 'plans')],
  ['the integration prefix /partner-gateway', bundle.tags.find((tag) => tag.name === 'integration')],
  ["markEmailVerified's type", deref(byId.markEmailVerified.parameters.find((parameter) => deref(parameter).name === 'type'))],
];

describe('invented names say so', () => {
  it.each(INVENTED)('%s', (_, node) => {
    expect(node?.description ?? '').toMatch(LABEL);
  });

  const examples = operations().flatMap((entry) =>
    responseExamples(entry.operation).flatMap((example) =>
      (Array.isArray(example.value?.errors) ? example.value.errors : []).map((item) => [
        `${entry.operation.operationId} ${example.status} ${example.name}: ${item.code}`,
        item.code,
        entry.operation.responses[String(example.status)],
        example.name,
      ]),
    ),
  );

  it('has error codes to check', () => {
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples.filter(([, code]) => !SPEC_CODES.includes(code)))('%s is labelled illustrative', (_, _code, response, name) => {
    const media = Object.values(deref(response).content ?? {})[0];
    expect(deref(media.examples[name]).summary).toMatch(/illustrative code, this contract's invention/);
  });

  it('says which form each invention takes, where it is defined', () => {
    expect(schemas.LastAccessed.description).toMatch(/milliseconds since the Unix epoch/);
    expect(schemas.Date.description).toContain('`YYYY-MM-DD`');
    expect(deref(byId.markEmailVerified.parameters.find((parameter) => deref(parameter).name === 'type')).schema.$ref).toBe(
      '#/components/schemas/MfaType',
    );
    // Every plans and integration call sits under the prefix its tag labels.
    for (const entry of operations().filter((candidate) => ['plans', 'integration'].includes(candidate.operation.tags[0]))) {
      expect(entry.path).toMatch(/^\/partner-gateway\//);
    }
    // Every date-shaped field is a Date, which carries the label.
    const dates = Object.entries(schemas).filter(([, schema]) => schema.format === 'date');
    expect(dates.map(([name]) => name)).toEqual(['Date']);
  });

  it('names in ErrorItem.code which codes are the spec', () => {
    const text = schemas.ErrorItem.properties.code.description;
    for (const code of ['AUERR01', 'AUERR05', 'VEERR01-03', 'CVERR02', 'MFAERR01/02', 'TKERR01', 'TOTPERR01-04'])
      expect(text).toContain(code);
    expect(text).toMatch(LABEL);
  });
});
