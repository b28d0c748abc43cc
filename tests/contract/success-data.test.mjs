// @vitest-environment node
// Which success answers carry their payload in `data`, decided per operation from the spec
// (sections 3, 4 and 7) and from what the portal reads, with the reason beside each. An answer
// that carries `data` is that payload or a business failure (a non-empty `errors` list): a
// gateway that answers `{"errors":[]}` or `{}` has forgotten the payload, and the JSON Schema
// (ajv), the verification kit's strict variant and the portal's generated zod all refuse it.
import { beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, pointer, strictVariant } from '@signin-portal/verify-gateway/contract-validator';
import { bundle, deref, kebab, loadZodModules, operations, responseExamples, successAnswer } from './contract-helpers.mjs';

const SESSION_DATA = 'roles, userId and token (the spec\'s "Auth response data"): the portal stores the session from them';
const READ = 'a read whose answer is the thing read; the spec does not show its fields, but a success without them says nothing';
const RESULT = 'an action whose answer is only whether it went through: "a falsy result means success" (section 7)';

/** The operations whose success answer carries `data`, and why. */
const CARRIES_DATA = {
  logoutToLoginUrl: 'the login page address the portal goes to next (section 7: "logout to login URL")',
  authenticate: SESSION_DATA,
  signInWithToken: SESSION_DATA,
  getAuthToken: SESSION_DATA,
  getUserLandingUrl: 'data url, externalUrl (section 7): the post-login redirect follows it',
  getSkipEnrollmentSteps: 'data.skipEnrollmentSteps (section 7): the dashboard or enrollment',
  getSecurityQuestion: 'data.securityQuestion (section 7): the question the user answers',
  getMfaUser: 'data.isCodeUser (section 7): the reset goes by code or by security question',
  getMfaOptions: 'data.options (section 7): the methods /mfa lists',
  verifyResetToken: "the reset link's flags (section 3, verification record): the new-password page needs them",
  verifyToken: "the link's type and flags (sections 3 and 4, token page)",
  verifyAccountMapping: 'whether the account link was verified or has expired: the page shows one of them',
  validateUsername: 'userNameAvailable and alternateUsername (section 3): account setup step 1',
  getCredentials: 'userName, emailAddress, isEmailVerified (section 7)',
  getUserCredentials: 'userName, emailAddress, isEmailVerified (section 7): multi-factor adoption reads isEmailVerified',
  getOptionChoice: 'the option choice and its values (section 3), null when none is stored: the post-login redirect reads 190 and 9930',
  getTotpInfo: 'authAppName (section 3, the check response), null when there is none: the profile phone update',
  registerTotp: 'the key URI (section 3, the registration response uri): the QR code',
  getUserBranding: '"data is the branding" (section 7)',
  getUserContact: '"data with support etc." (section 7)',
  verifyParticipantEmail: 'whether the address is verified, or was already (section 2): the page shows which',
  getPartnerSideNav: 'data.navGroups (section 7)',
  listPlans: 'planList with planId (section 3)',
  getParticipantPlanDetails: READ,
  getStrategicPartners: READ,
  listActiveVendors: READ,
  getPlanInfo: 'planId and autoEnrollmentInfo (section 3)',
  getPlanContacts: 'authorizedRepresentative and trustees (section 3)',
  getLastManualCheckDate: READ,
  getForfeitureSettings: READ,
  listIntegrationEmployers: READ,
  getIntegrationAdoption: 'canAdopt (section 3): whether the plan can adopt a payroll integration',
  getIntegrationMonthlyFee: READ,
  getIntegrationSession: READ,
  reauthorizeIntegration: READ,
  getEmployerDeductions: READ,
  startPasskeyRegistration: "the ceremony's id and WebAuthn creation options (this contract's extension): the browser needs them",
  finishPasskeyRegistration: "the stored passkey (this contract's extension): the profile shows it under its name",
  listPasskeys: "the user's passkeys (this contract's extension): the profile lists them",
  renamePasskey: "the renamed passkey (this contract's extension): the profile shows the new name",
  startPasskeySignIn: "the ceremony's id and WebAuthn request options (this contract's extension): the browser needs them",
  finishPasskeySignIn: `${SESSION_DATA}, as after a password (this contract's extension)`,
  signInWithRecoveryCode: `${SESSION_DATA}, as after a one-time code (this contract's extension)`,
  generateRecoveryCodes: "the new codes, shown once (this contract's extension)",
  getRecoveryCodeStatus: "how many codes are left (this contract's extension): the warning at 3 or fewer",
};

/** The operations whose success answer is only `errors` (the shared OperationResult), and why. */
const RESULT_ONLY = Object.fromEntries(
  [
    'resetPassword',
    'retrieveUsername',
    'changePasswordWithToken',
    'requestMfaCode',
    'verifyMfaCode',
    'completeVerification',
    'resendVerification',
    'resendVerificationEmail',
    'resendEnrollmentEmail',
    'completeAccountSetup',
    'updateCredentials',
    'changePassword',
    'updateEmail',
    'markEmailVerified',
    'savePhone',
    'markPhoneVerified',
    'saveOptionChoice',
    'deleteOptionChoice',
    'saveOptionSettings',
    'verifyTotpRegistration',
    'removeTotpDevice',
    'requestUserMfaCode',
    'updateUserCredentials',
    'saveStrategicPartners',
    'submitSafeHarborElection',
    'createPlanChangeRequest',
    'updateForfeitureSettings',
    'updateIntegrationEmployer',
    'createIntegrationEmployer',
    'updateIntegrationEmployerState',
    'connectIntegration',
    'removeIntegration',
    'removePasskey',
  ].map((id) => [id, RESULT]),
);

/** The operations whose success answer is bare (no `data`, no `errors` wrapper), and why. */
const BARE = {
  validateSession: '"response validated, userId" (section 7), as the spec shows it',
  validateSessionAlias: 'the same call as validateSession',
  getStatus: '"GET status (text, before sign-in)" (section 7)',
  getLastAccessed: '"GET partner-gateway/keepAlive/lastAccessed (number)" (section 7)',
  getLogoutPage: 'the server\'s logout page, HTML (section 7: "GET /public/logout.vm")',
  getPublicBranding: 'brandingId, brandName, ... bare (section 7), unlike the user\'s branding ("data is the branding")',
  getAnnouncements: 'a static file published with the portal (section 7: "GET static announcements.json")',
};

/** The operations that answer with no body (204), and why. */
const NO_BODY = {
  keepAlive: 'nothing to say: the session was extended',
  logPartnerActivity: 'nothing to say: the entry was written',
  logParticipantActivity: 'nothing to say: the entry was written',
};

const all = operations();
const byKind = (table) => all.filter((entry) => entry.operation.operationId in table).map((entry) => [entry.operation.operationId, entry]);
const failure = { errors: [{ code: 'AUERR02', description: 'Invalid username or password.' }] };

let zod;
let plain;
let kit;
beforeAll(async () => {
  zod = await loadZodModules();
  plain = contractAjv(bundle);
  kit = contractAjv(strictVariant(bundle));
}, 60_000);

/** The three judges of an operation's success answer: ajv on the bundle, the kit's strict variant, the generated zod. */
function judges({ path, method, operation }) {
  const { status, mediaType } = successAnswer(operation);
  const fragment = pointer('paths', path, method.toLowerCase(), 'responses', status, 'content', mediaType, 'schema');
  const zodSchema = zod[kebab(operation.tags[0])][`${operation.operationId}Response`];
  const schema = plain.validatorAt(fragment);
  const strict = kit.validatorAt(fragment);
  return { 'JSON Schema': (value) => schema(value), kit: (value) => strict(value), zod: (value) => zodSchema.safeParse(value).success };
}

const verdicts = (entry, value) => Object.fromEntries(Object.entries(judges(entry)).map(([name, judge]) => [name, judge(value)]));
const everyone = (verdict) => ({ 'JSON Schema': verdict, kit: verdict, zod: verdict });

describe('the decision table', () => {
  it('names every operation of the contract once, with a reason', () => {
    const tables = [CARRIES_DATA, RESULT_ONLY, BARE, NO_BODY];
    const named = tables.flatMap((table) => Object.keys(table));
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual(all.map((entry) => entry.operation.operationId).sort());
    for (const table of tables) for (const reason of Object.values(table)) expect(reason.length).toBeGreaterThan(20);
  });
});

describe('answers that carry data', () => {
  it.each(byKind(CARRIES_DATA))('%s: the payload in data, or a business failure', (_, entry) => {
    const schema = deref(successAnswer(entry.operation).schema);
    expect(schema.anyOf).toHaveLength(2);
    const [success, businessFailure] = schema.anyOf.map(deref);
    expect(success.required).toContain('data');
    expect(Object.keys(success.properties)).toEqual(['data', 'errors']);
    expect(businessFailure).toBe(bundle.components.schemas.BusinessFailure);
  });

  it.each(byKind(CARRIES_DATA))('%s: every judge refuses a success without data and accepts a business failure', (_, entry) => {
    expect(verdicts(entry, { errors: [] })).toEqual(everyone(false));
    expect(verdicts(entry, {})).toEqual(everyone(false));
    expect(verdicts(entry, failure)).toEqual(everyone(true));
    const examples = responseExamples(entry.operation).filter((example) => example.status < 300);
    expect(examples.some((example) => example.value.data !== undefined)).toBe(true);
    for (const example of examples) expect(verdicts(entry, example.value), example.name).toEqual(everyone(true));
  });
});

describe('answers that are only a result', () => {
  it.each(byKind(RESULT_ONLY))('%s: errors only, empty or absent on success', (_, entry) => {
    expect(successAnswer(entry.operation).schema.$ref).toBe('#/components/schemas/OperationResult');
    expect(verdicts(entry, {})).toEqual(everyone(true));
    expect(verdicts(entry, { errors: [] })).toEqual(everyone(true));
    expect(verdicts(entry, failure)).toEqual(everyone(true));
  });
});

describe('bare answers and answers without a body', () => {
  it.each(byKind(BARE))('%s: no data wrapper', (_, entry) => {
    const { schema } = successAnswer(entry.operation);
    expect(schema).toBeDefined();
    const resolved = deref(schema);
    expect(resolved.anyOf).toBeUndefined();
    expect(resolved.properties?.data).toBeUndefined();
  });

  it.each(byKind(NO_BODY))('%s: 204 without content', (_, entry) => {
    expect(successAnswer(entry.operation)).toEqual({ status: '204', mediaType: undefined, schema: undefined });
  });
});
