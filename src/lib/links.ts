/**
 * Every address outside its router the portal builds: dashboards, the survey, the profile app.
 * Apart from `paths.ts`, so the first screen, which needs none of them, does not carry them.
 */
import { DASHBOARD_PATHS } from '../../common/dashboard-paths';

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
  const allowed = [...DASHBOARD_PATHS.map((path) => dashboardUrl(prefix, path)), externalTargets(prefix).participantEnrollment];
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

/** The user types the feedback redirect's `ind` query values name (a Map: no inherited keys). */
const USER_TYPE_OF_IND = new Map<string, FeedbackUserType>([
  ['employee', 'Employee'],
  ['planadmin', 'Plan Admin'],
  ['advisor', 'Advisor'],
  ['partner', 'Partner'],
]);

export function feedbackUserTypeOfInd(ind: string | null): FeedbackUserType | null {
  return USER_TYPE_OF_IND.get(ind?.trim().toLowerCase() ?? '') ?? null;
}

export function surveyUrl(base: string, userType: FeedbackUserType): string {
  const url = new URL(base);
  url.searchParams.set('userType', userType);
  return url.href;
}

/** The addresses outside the portal's router that it sends users to, for one environment. */
export function externalTargets(prefix: string) {
  return {
    participantEnrollment: `${prefix}/participant#/participant-enrollment`,
    /**
     * The profile app's security settings (outside the portal): the "back address" the profile's
     * verification screens return to, with the success flag they stored in session storage.
     */
    profileSecurity: `${prefix}/participant#/security/settings`,
    /** The profile app's page after a phone update, with its success key (the profile app reads it). */
    profilePhoneUpdated: `${prefix}/participant#/security/settings?success=phoneUpdated`,
  };
}
