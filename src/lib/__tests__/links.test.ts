import { describe, expect, it } from 'vitest';
import { dashboardPathOf, dashboardUrl, externalTargets, feedbackUserTypeOf, feedbackUserTypeOfInd, surveyUrl } from '../links';
import { DASHBOARD_PATHS } from '../../../common/dashboard-paths';

describe('dashboardPathOf', () => {
  it.each(DASHBOARD_PATHS)('accepts the dashboard %s exactly', (path) => {
    expect(dashboardPathOf(path)).toBe(path);
  });

  it.each([
    'https://evil.example/#/participant',
    '//evil.example',
    '//evil.example/participant',
    '/\\evil.example',
    '/participant/',
    '/participant?next=//evil.example',
    '/participant#x',
    '/PARTICIPANT',
    '/participant/../admin',
    'participant',
    ' /participant',
    'javascript:alert(1)',
    'acctSetup-username',
    '',
  ])('rejects %j', (url) => {
    expect(dashboardPathOf(url)).toBeNull();
  });

  it('prefixes a dashboard with the environment path', () => {
    expect(dashboardUrl('/prod', '/participant')).toBe('/prod/participant');
    expect(dashboardUrl('', '/advisor')).toBe('/advisor');
  });
});

describe('feedback user types', () => {
  it.each([
    ['ROLE_PARTICIPANT', 'Employee'],
    ['ROLE_PLAN_ADMIN', 'Plan Admin'],
    ['ROLE_PLAN_ADVISOR', 'Advisor'],
    ['ROLE_TPA', 'Partner'],
    ['ROLE_OTHER', 'Partner'],
    [null, 'Partner'],
  ])('%s answers the survey as %s', (role, type) => {
    expect(feedbackUserTypeOf(role)).toBe(type);
  });

  it('reads the ind query', () => {
    expect(feedbackUserTypeOfInd('employee')).toBe('Employee');
    expect(feedbackUserTypeOfInd('PlanAdmin')).toBe('Plan Admin');
    expect(feedbackUserTypeOfInd('advisor')).toBe('Advisor');
    expect(feedbackUserTypeOfInd('partner')).toBe('Partner');
    expect(feedbackUserTypeOfInd('<script>')).toBeNull();
    expect(feedbackUserTypeOfInd(null)).toBeNull();
  });

  it('links the survey for a user type', () => {
    expect(surveyUrl('https://survey.example.com/logout', 'Plan Admin')).toBe('https://survey.example.com/logout?userType=Plan+Admin');
  });
});

describe('externalTargets', () => {
  const targets = externalTargets('/prod', 'https://help.example.com/');

  it('builds the portal pages and the feedback redirect', () => {
    expect(targets.signInPage).toBe('/prod/#/');
    expect(targets.sessionExpiredPage).toBe('/prod/#/session-expired');
    expect(targets.feedbackRedirectLogin()).toBe('/prod/#/redirectLogin');
    expect(targets.feedbackRedirectLogin('Advisor')).toBe('/prod/#/redirectLogin?ind=advisor');
  });

  it('builds the other applications and documents in the environment', () => {
    expect(targets.planAdminDashboard).toBe('/prod/plan-admin');
    expect(targets.payrollSettingsApp).toBe('/prod/payroll-settings');
    expect(targets.storedDocuments).toBe('/prod/plan-admin#/stored-documents');
    expect(targets.safeHarborRenewalPdf).toBe('/prod/static/documents/safe-harbor-renewal.pdf');
    expect(targets.complianceCalendar2021Pdf).toBe('/prod/static/documents/2021-compliance-calendar.pdf');
    expect(targets.privacyStatementPdf).toBe('/prod/static/documents/privacy-statement.pdf');
    expect(targets.security('phone')).toBe('/prod/participant#/security/phone');
    expect(targets.profileSecurity).toBe('/prod/participant#/security/settings');
    expect(targets.profilePhoneUpdated).toBe('/prod/participant#/security/settings?success=phoneUpdated');
  });

  it('builds help centre links', () => {
    expect(targets.helpCenter).toBe('https://help.example.com/');
    expect(targets.helpArticle('mfa 101')).toBe('https://help.example.com/articles/mfa%20101');
  });
});
