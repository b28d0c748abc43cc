import type { QueryClient } from '@tanstack/react-query';
import { getMfaOptions } from '../../../generated/hooks/mfa/mfa';
import { getGetOptionChoiceQueryOptions, getGetUserCredentialsQueryOptions } from '../../../generated/hooks/profile/profile';
import { getGetSkipEnrollmentStepsQueryOptions, getGetUserLandingUrlQueryOptions } from '../../../generated/hooks/sign-in/sign-in';
import type { AuthResponse } from '../../../generated/models/authResponse';
import { ApiError } from '../api/api-error';
import { signInInternalError } from '../api/failures';
import { leavePortal } from '../browser-location';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION } from '../constants';
import { env } from '../env';
import { notify } from '../notifications';
import { dashboardPathOf, dashboardUrl, externalTargets, isPortalLandingAddress } from '../links';
import { paths } from '../paths';
import { normaliseRole } from '../auth-role';
import { markSignedIn } from '../session';
import {
  clearSessionStorage,
  publishAuthCookie,
  readLandingUrl,
  readSession,
  saveLanding,
  setHasTotpOption,
  setMfaAdoptionInProgress,
  storeSession,
} from '../session-storage';
import { localIsoDate } from '../dates';
import { adoptionDecision } from './adoption';
import { beginWithLink, endJourney, setPhoneBackRoute, setSetupToken } from './journey';

/**
 * What follows a successful sign-in (the spec's section 4), as plain functions of the router's
 * navigate and the query client, so the sign-in screen can load them when it needs them.
 * Calls go through the generated query options, always fresh: these answers change as the
 * journey goes on. Failing calls throw an ApiError.
 */

export interface JourneyDeps {
  readonly navigate: (to: string, options?: { readonly replace?: boolean }) => void;
  readonly queryClient: QueryClient;
  /** Leaves the portal for a dashboard; the browser's own navigation unless a step wraps it. */
  readonly leave?: (address: string) => void;
}

/**
 * Journey answers change as the journey goes on: always fetched afresh, and never retried, so a
 * failing gateway reaches the user within one deadline instead of three.
 */
const FRESH = { staleTime: 0, retry: false } as const;

/** How a step ended: left the portal, moved to a portal screen, or refused (session ended). */
export type RedirectOutcome = 'left' | 'screen' | 'refused';

function leave(address: string, deps: JourneyDeps): RedirectOutcome {
  endJourney();
  (deps.leave ?? leavePortal)(address);
  return 'left';
}

/** Multi-factor adoption: email verified goes to the phone, otherwise to email verification first. */
export async function startAdoption({ navigate, queryClient }: JourneyDeps): Promise<RedirectOutcome> {
  const session = readSession();
  if (!session) return 'refused';
  const credentials = await queryClient.fetchQuery({ ...getGetUserCredentialsQueryOptions(session.userId), ...FRESH });
  setMfaAdoptionInProgress(true);
  setPhoneBackRoute(paths.signIn);
  navigate(credentials.data?.isEmailVerified ? paths.updatePhone : paths.updateEmail);
  return 'screen';
}

/**
 * The post-login redirect: the landing address's markers go to their screens; a dashboard (only
 * from the allow-list, with the environment prefix) is saved; a participant who has not
 * enrolled goes to enrollment; then option 190 and option 9930 decide between the landing
 * address, optional adoption and forced adoption. Anything else ends the session.
 */
export async function postLoginRedirect(deps: JourneyDeps): Promise<RedirectOutcome> {
  const { navigate, queryClient } = deps;
  const session = readSession();
  if (!session) return 'refused';
  const landing = await queryClient.fetchQuery({ ...getGetUserLandingUrlQueryOptions({ role: session.role }), ...FRESH });
  const url = landing.data?.url ?? '';
  if (url === 'acctSetup-username') return (navigate(paths.accountSetup), 'screen');
  if (url === 'password') return (navigate(paths.password), 'screen');
  if (url === 'mfaAdoption') return startAdoption(deps);

  const dashboard = dashboardPathOf(url);
  if (!dashboard) {
    clearSessionStorage();
    return 'refused';
  }
  const dashboardAddress = dashboardUrl(env.envPathPrefix, dashboard);
  const address = session.role === 'ROLE_PARTICIPANT' ? await participantAddress(dashboardAddress, queryClient) : dashboardAddress;
  saveLanding(address, landing.data?.externalUrl ?? false);

  const mfa = await queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ACTIVE }), ...FRESH });
  if (mfa.data?.active && mfa.data.optionValues?.isActive !== false) return leave(address, deps);

  const adoption = await queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ADOPTION }), ...FRESH });
  const values = adoption.data?.optionValues;
  switch (adoptionDecision(values?.mandatoryMfaAdoption, values?.skipMfaAdoptionUntil, localIsoDate())) {
    case 'force':
      return startAdoption(deps);
    case 'optional':
      navigate(paths.optionalAdoption);
      return 'screen';
    case 'landing':
      return leave(address, deps);
  }
}

/** A participant's address: the dashboard, or enrollment while the skip-enrollment flag is not set. */
async function participantAddress(dashboardAddress: string, queryClient: QueryClient): Promise<string> {
  const enrollment = await queryClient.fetchQuery({ ...getGetSkipEnrollmentStepsQueryOptions(), ...FRESH });
  return enrollment.data?.skipEnrollmentSteps
    ? dashboardAddress
    : externalTargets(env.envPathPrefix, env.helpCenterUrl).participantEnrollment;
}

/**
 * The participant redirection after account setup's phone (spec sections 4 and 6): the
 * participant dashboard of this environment, or enrollment while enrollment steps remain.
 */
export async function participantRedirect(deps: JourneyDeps): Promise<RedirectOutcome> {
  if (!readSession()) return 'refused';
  const address = await participantAddress(dashboardUrl(env.envPathPrefix, '/participant'), deps.queryClient);
  saveLanding(address, false);
  return leave(address, deps);
}

/** Goes on to the landing address saved at sign-in (after a step such as adding a phone). */
export async function continueToLanding(deps: JourneyDeps): Promise<RedirectOutcome> {
  const saved = readLandingUrl();
  if (saved && isPortalLandingAddress(saved, env.envPathPrefix)) return leave(saved, deps);
  return postLoginRedirect(deps);
}

/**
 * What a sign-in learns before it has gone through and publishes only then, with the auth cookie:
 * whether the user has an authenticator app (the `hasTotpOption` cookie other applications read).
 */
interface Unpublished {
  hasTotp: boolean | null;
}

async function afterSignIn(result: AuthResponse, username: string, deps: JourneyDeps, unpublished: Unpublished): Promise<RedirectOutcome> {
  const data = result.data;
  // The gateway may send the role with or without its ROLE_ prefix; the session keeps it prefixed.
  const role = normaliseRole(data?.roles[0]);
  if (!data || !role)
    throw new ApiError({ kind: 'contract', method: 'POST', path: '/login-gateway/authentication', detail: 'no user data' });
  storeSession({ userId: data.userId, username, token: data.token, role });
  const methods = (await getMfaOptions({ username })).data?.options ?? [];
  const hasPhone = methods.some((method) => method.type === 'sms' || method.type === 'call');
  const hasTotp = methods.some((method) => method.type === 'totp');
  unpublished.hasTotp = hasTotp;
  if (!hasPhone && !hasTotp) {
    setPhoneBackRoute(null);
    deps.navigate(paths.updatePhone);
    return 'screen';
  }
  return postLoginRedirect(deps);
}

/**
 * What follows a successful sign-in, whichever step completed it (password, security answer,
 * one-time code): the session is cleared and stored afresh; a user with neither a phone nor an
 * authenticator app adds a phone first; everyone else goes through the post-login redirect.
 *
 * The session stays in this tab until the step has succeeded as a whole: only then is the auth
 * cookie published (other tabs and applications watch it) and the tab marked signed in. When
 * the step fails, is refused or outlives its deadline (one gateway call's, for the whole step),
 * nothing of the sign-in is kept, no other tab is touched, and the user is back on the sign-in
 * form with the internal-error notification.
 */
export async function completeSignIn(result: AuthResponse, username: string, deps: JourneyDeps): Promise<void> {
  let over = false;
  const unpublished: Unpublished = { hasTotp: null };
  const commit = () => {
    if (unpublished.hasTotp !== null) setHasTotpOption(unpublished.hasTotp);
    publishAuthCookie();
    const userId = readSession()?.userId;
    if (userId) markSignedIn(userId);
  };
  const committing: JourneyDeps = {
    queryClient: deps.queryClient,
    navigate: (to, options) => {
      if (over) return;
      over = true;
      commit();
      deps.navigate(to, options);
    },
    leave: (address) => {
      if (over) return;
      over = true;
      commit();
      (deps.leave ?? leavePortal)(address);
    },
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), env.apiTimeoutMs);
  });
  let outcome: RedirectOutcome | 'expired' | 'failed';
  try {
    const step = afterSignIn(result, username, committing, unpublished);
    step.catch(() => undefined); // A failure after the deadline has nobody left to tell.
    outcome = await Promise.race([step, deadline]);
  } catch {
    outcome = 'failed';
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'left' || outcome === 'screen') return;
  // A half-finished sign-in is no sign-in; a late answer can no longer move the user on.
  over = true;
  clearSessionStorage();
  endJourney();
  notify(signInInternalError);
  deps.navigate(paths.signIn, { replace: true });
}

/** Runs a step of the journey after sign-in; a failure or refusal shows the internal error. */
export async function runJourneyStep(step: () => Promise<RedirectOutcome>): Promise<void> {
  try {
    if ((await step()) !== 'refused') return;
  } catch {
    // Falls through to the notification.
  }
  notify(signInInternalError);
}

/**
 * An emailed link's token signed the user in (an invitation, an account set-up or trustee
 * signing: the spec's "enrollment"): the session is stored and published, and the account
 * set-up begins, holding the link so the set-up completes with its token.
 */
export function startSetupFromLink(result: AuthResponse, token: string, deps: JourneyDeps): void {
  const data = result.data;
  const role = normaliseRole(data?.roles[0]);
  if (!data || !role)
    throw new ApiError({ kind: 'contract', method: 'POST', path: '/login-gateway/authentication/token', detail: 'no user data' });
  storeSession({ userId: data.userId, username: '', token: data.token, role });
  publishAuthCookie();
  markSignedIn(data.userId);
  beginWithLink({ token, userId: data.userId });
  // The set-up completes with the link's token once the credentials are saved.
  setSetupToken(token);
  deps.navigate(paths.accountSetup, { replace: true });
}
