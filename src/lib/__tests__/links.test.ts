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
  const targets = externalTargets('/prod');

  it('builds the other applications in the environment', () => {
    expect(targets.participantEnrollment).toBe('/prod/participant#/participant-enrollment');
    expect(targets.profileSecurity).toBe('/prod/participant#/security/settings');
    expect(targets.profilePhoneUpdated).toBe('/prod/participant#/security/settings?success=phoneUpdated');
  });
});
