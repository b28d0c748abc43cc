// @vitest-environment node
// Every call the spec's section 7 names must be an operation of the bundled contract.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations } from './contract-helpers.mjs';

const G = '/partner-gateway/partner/{userId}/plan/{planId}';

/** The spec's section 7, call by call (paths the spec leaves open are this contract's choice). */
const SPEC_CALLS = [
  // Session, branding, logging
  'GET /login-gateway/api/validateSession',
  'GET /api/validateSession',
  'GET /login-gateway/status',
  'GET /partner-gateway/partner/{userId}/navigation/partner-side-nav',
  'GET /login-gateway/public/branding/brand',
  'GET /login-gateway/branding/{userId}/brand',
  'GET /login-gateway/user/{userId}/contact',
  'POST /partner-gateway/user/{userId}/log',
  'POST /login-gateway/participant/{userId}/log',
  'GET /partner-gateway/keepAlive',
  'GET /partner-gateway/keepAlive/lastAccessed',
  'GET /public/logout.vm',
  'GET /announcements.json',
  // Authentication
  'POST /login-gateway/authentication',
  'GET /login-gateway/auth/token',
  'GET /login-gateway/userLandingUrl',
  // Recovery and profile
  'POST /login-gateway/public/profile/credentials/securityQuestion',
  'POST /login-gateway/public/profile/mfa-options',
  'POST /login-gateway/public/profile/mfa-user',
  'POST /login-gateway/public/profile/get-totp-info',
  'POST /login-gateway/mfa/code',
  'POST /login-gateway/public/profile/credentials/resetPassword',
  'POST /login-gateway/public/profile/credentials/retrieveUsername',
  'POST /login-gateway/public/profile/changePassword',
  'GET /login-gateway/public/profile/verifyToken',
  'GET /login-gateway/verifyAccountMapping',
  'POST /login-gateway/verification/complete',
  'POST /login-gateway/verification/resend',
  'GET /login-gateway/participant/{userId}/email/verification',
  'GET /login-gateway/user/{userId}/profile/credentials',
  'POST /login-gateway/user/{userId}/profile/credentials',
  'POST /login-gateway/credentials/changePassword',
  'GET /login-gateway/validateUsername',
  'GET /login-gateway/skipEnrollmentSteps',
  'POST /login-gateway/credentials/email',
  'PUT /login-gateway/credentials/email/verify',
  'POST /login-gateway/credentials/phone',
  'POST /login-gateway/credentials/phone/verify',
  'POST /login-gateway/user/{userId}/mfa/code',
  'POST /login-gateway/mfa/code/verify',
  'GET /login-gateway/profile/optionChoice',
  'POST /login-gateway/profile/optionChoice',
  'DELETE /login-gateway/profile/optionChoice',
  'POST /login-gateway/optionSettings',
  'POST /login-gateway/totp/registerUser',
  'POST /login-gateway/totp/verifyUserRegistration',
  'DELETE /login-gateway/profile/info/totp-device',
  // The service calls whose path the spec does not show
  'GET /login-gateway/verification/token',
  'POST /login-gateway/verification/email/resend',
  'POST /login-gateway/verification/enrollment/resend',
  'POST /login-gateway/authentication/token',
  'POST /login-gateway/account-setup/complete',
  'POST /login-gateway/logout',
  'GET /login-gateway/credentials',
  'PUT /login-gateway/credentials',
  // Plans and integration
  'GET /partner-gateway/partner/{userId}/plan/list',
  `GET ${G}/info`,
  'GET /partner-gateway/participant/{userId}/plan/details',
  `POST ${G}/shElection`,
  `POST ${G}/change/request/create`,
  `GET ${G}/contacts`,
  'GET /partner-gateway/partner/{userId}/plan/strategicPartners',
  'POST /partner-gateway/partner/{userId}/plan/strategicPartners',
  `GET ${G}/integration/employers`,
  `POST ${G}/integration/employer`,
  `PUT ${G}/integration/employer`,
  `PUT ${G}/integration/employer/state`,
  `GET ${G}/integration/adoption`,
  `GET ${G}/integration/monthlyFee`,
  `POST ${G}/integration`,
  `GET ${G}/integration/session`,
  `GET ${G}/integration/reauth`,
  `DELETE ${G}/integration/remove`,
  `GET ${G}/integration/employer/deductions`,
  `GET ${G}/lastManualCheckdate`,
  `GET ${G}/payroll/settings/forfeiture`,
  `PUT ${G}/payroll/settings/forfeiture`,
  'GET /partner-gateway/partner/{userId}/integration/vendors/active',
];

/** Query parameters the spec names for a call. */
const SPEC_QUERY = {
  'GET /login-gateway/auth/token': ['id'],
  'GET /login-gateway/userLandingUrl': ['role'],
  'GET /login-gateway/public/profile/verifyToken': ['token'],
  'GET /login-gateway/verifyAccountMapping': ['token'],
  'GET /login-gateway/validateUsername': ['username'],
  'PUT /login-gateway/credentials/email/verify': ['type'],
  'GET /login-gateway/profile/optionChoice': ['type'],
  [`GET ${G}/integration/monthlyFee`]: ['feeTypeId', 'connectionTypeId'],
  [`GET ${G}/integration/session`]: ['employerId'],
  [`GET ${G}/integration/reauth`]: ['employerId'],
  [`DELETE ${G}/integration/remove`]: ['employerId'],
  [`GET ${G}/integration/employer/deductions`]: ['employerId'],
  'GET /partner-gateway/partner/{userId}/integration/vendors/active': ['preferredPayrollVendor'],
};

function operationFor(call) {
  const [method, path] = call.split(' ');
  return bundle.paths[path]?.[method.toLowerCase()];
}

describe('the contract covers the spec', () => {
  it.each(SPEC_CALLS)('%s is an operation of the bundled contract', (call) => {
    expect(operationFor(call), `${call} is missing from openapi/`).toBeDefined();
  });

  it.each(Object.entries(SPEC_QUERY))('%s takes the query parameters %j', (call, names) => {
    const parameters = (operationFor(call)?.parameters ?? []).map(deref);
    const query = parameters.filter((parameter) => parameter?.in === 'query').map((parameter) => parameter.name);
    expect(query).toEqual(expect.arrayContaining(names));
  });

  it("documents the service calls whose path the spec does not show as this contract's choice", () => {
    for (const call of SPEC_CALLS.slice(
      SPEC_CALLS.indexOf('GET /login-gateway/verification/token'),
      SPEC_CALLS.indexOf('PUT /login-gateway/credentials') + 1,
    )) {
      expect(operationFor(call)?.description ?? '', call).toMatch(/this contract's choice/);
    }
  });

  it("has nothing the spec does not name, but this contract's labelled extensions", () => {
    // The extensions (passkeys, recovery codes) carry their label: tests/contract/extension.test.mjs.
    const all = operations()
      .filter(({ operation }) => operation['x-extension'] !== true)
      .map(({ method, path }) => `${method} ${path}`);
    expect(all.filter((call) => !SPEC_CALLS.includes(call))).toEqual([]);
    const extensions = operations().filter(({ operation }) => operation['x-extension'] === true);
    expect(extensions.filter(({ method, path }) => SPEC_CALLS.includes(`${method} ${path}`))).toEqual([]);
  });
});
