/**
 * Every address the portal builds: dashboards, documents, the survey and the other targets
 * outside its router. Apart from `paths.ts`, so the first screen, which needs none of them,
 * does not carry them: the flows that build links load this module with their code.
 */
import { DASHBOARD_PATHS } from '../../common/dashboard-paths';
import { paths } from './paths';

export type DashboardPath = (typeof DASHBOARD_PATHS)[number];

/**
 * The dashboard a landing address names, when it is exactly one of the seven dashboard paths
 * (after URL parsing, so `//evil.example` or `/\evil.example` never match); otherwise null.
 */
export function dashboardPathOf(landingUrl: string): DashboardPath | null {
  if (!landingUrl.startsWith('/') || landingUrl.startsWith('//') || landingUrl.includes('\\')) return null;
  let parsed: URL;
  try {
    parsed = new URL(landingUrl, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'https://portal.invalid' || parsed.search !== '' || parsed.hash !== '') return null;
  return DASHBOARD_PATHS.find((path) => path === parsed.pathname) ?? null;
}

export function dashboardUrl(prefix: string, dashboard: DashboardPath): string {
  return `${prefix}${dashboard}`;
}

/**
 * Whether a stored landing address is one the portal itself built: a dashboard of this
 * environment, or participant enrollment. Anything else (a tampered value) is never followed.
 */
export function isPortalLandingAddress(address: string, prefix: string): boolean {
  const allowed = [
    ...DASHBOARD_PATHS.map((path) => dashboardUrl(prefix, path)),
    externalTargets(prefix, 'https://help.invalid/').participantEnrollment,
  ];
  return allowed.includes(address);
}

export type FeedbackUserType = 'Employee' | 'Plan Admin' | 'Advisor' | 'Partner';

/** The survey user type of a role: participants are employees, advisers advisors, anyone else a partner. */
export function feedbackUserTypeOf(role: string | null | undefined): FeedbackUserType {
  if (role === 'ROLE_PARTICIPANT') return 'Employee';
  if (role === 'ROLE_PLAN_ADMIN') return 'Plan Admin';
  if (role === 'ROLE_PLAN_ADVISOR') return 'Advisor';
  return 'Partner';
}

/** The `ind` query values the feedback redirect understands, by user type. */
export const FEEDBACK_IND: Record<FeedbackUserType, string> = {
  Employee: 'employee',
  'Plan Admin': 'planadmin',
  Advisor: 'advisor',
  Partner: 'partner',
};

export function feedbackUserTypeOfInd(ind: string | null): FeedbackUserType | null {
  const value = ind?.trim().toLowerCase();
  const found = (Object.entries(FEEDBACK_IND) as [FeedbackUserType, string][]).find(([, code]) => code === value);
  return found?.[0] ?? null;
}

export function surveyUrl(base: string, userType: FeedbackUserType): string {
  const url = new URL(base);
  url.searchParams.set('userType', userType);
  return url.href;
}

/** The addresses outside the portal's router that it links to, for one environment. */
export function externalTargets(prefix: string, helpCenterUrl: string) {
  const portal = `${prefix}/`;
  return {
    signInPage: `${portal}#${paths.signIn}`,
    sessionExpiredPage: `${portal}#${paths.sessionExpired}`,
    /** The feedback redirect; `ind` sets the survey's user type. */
    feedbackRedirectLogin: (userType?: FeedbackUserType) =>
      `${portal}#${paths.redirectLogin}${userType ? `?ind=${FEEDBACK_IND[userType]}` : ''}`,
    planAdminDashboard: `${prefix}/plan-admin`,
    payrollSettingsApp: `${prefix}/payroll-settings`,
    storedDocuments: `${prefix}/plan-admin#/stored-documents`,
    electronicSignature: `${prefix}/participant#/electronic-signature`,
    participantEnrollment: `${prefix}/participant#/participant-enrollment`,
    security: (section: string) => `${prefix}/participant#/security/${encodeURIComponent(section)}`,
    /**
     * The profile app's security settings (outside the portal): the "back address" the profile's
     * verification screens return to, with the success flag they stored in session storage.
     */
    profileSecurity: `${prefix}/participant#/security/settings`,
    /** The profile app's page after a phone update, with its success key (the profile app reads it). */
    profilePhoneUpdated: `${prefix}/participant#/security/settings?success=phoneUpdated`,
    helpCenter: helpCenterUrl,
    helpArticle: (articleId: string) => `${helpCenterUrl.replace(/\/$/, '')}/articles/${encodeURIComponent(articleId)}`,
    safeHarborRenewalPdf: `${prefix}/static/documents/safe-harbor-renewal.pdf`,
    complianceCalendar2021Pdf: `${prefix}/static/documents/2021-compliance-calendar.pdf`,
    privacyStatementPdf: `${prefix}/static/documents/privacy-statement.pdf`,
  };
}
