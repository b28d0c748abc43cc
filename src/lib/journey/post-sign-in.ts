import type { QueryClient } from '@tanstack/react-query';
import { getMfaOptions } from '../../../generated/hooks/mfa/mfa';
import { getGetOptionChoiceQueryOptions, getGetUserCredentialsQueryOptions } from '../../../generated/hooks/profile/profile';
import { getGetSkipEnrollmentStepsQueryOptions, getGetUserLandingUrlQueryOptions } from '../../../generated/hooks/sign-in/sign-in';
import type { AuthResponse } from '../../../generated/models/authResponse';
import { ApiError } from '../api/api-error';
import { signInInternalError } from '../api/error-catalogue';
import { releaseSignInCredentials } from '../api/sign-in-credentials';
import { leavePortal } from '../browser-location';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION } from '../constants';
import { env } from '../env';
import { notify } from '../notifications';
import { dashboardPathOf, dashboardUrl, externalTargets, isPortalLandingAddress, paths } from '../paths';
import {
  endSession,
  readLandingUrl,
  readSession,
  saveLanding,
  setHasTotpOption,
  setMfaAdoptionInProgress,
  startSession,
} from '../session-storage';
import { adoptionDecision, localIsoDate } from './adoption';
import { setPhoneBackRoute } from './journey-state';

/**
 * What follows a successful sign-in (the spec's section 4), as plain functions of the router's
 * navigate and the query client, so the sign-in screen can load them when it needs them.
 * Calls go through the generated query options, always fresh: these answers change as the
 * journey goes on. Failing calls throw an ApiError.
 */

export interface JourneyDeps {
  readonly navigate: (to: string) => void;
  readonly queryClient: QueryClient;
}

/** How a step ended: left the portal, moved to a portal screen, or refused (session ended). */
export type RedirectOutcome = 'left' | 'screen' | 'refused';

function leave(address: string): RedirectOutcome {
  releaseSignInCredentials();
  leavePortal(address);
  return 'left';
}

/** Multi-factor adoption: email verified goes to the phone, otherwise to email verification first. */
export async function startAdoption({ navigate, queryClient }: JourneyDeps): Promise<RedirectOutcome> {
  const session = readSession();
  if (!session) return 'refused';
  const credentials = await queryClient.fetchQuery({ ...getGetUserCredentialsQueryOptions(session.userId), staleTime: 0 });
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
  const landing = await queryClient.fetchQuery({ ...getGetUserLandingUrlQueryOptions({ role: session.role }), staleTime: 0 });
  const url = landing.data?.url ?? '';
  if (url === 'acctSetup-username') return (navigate(paths.accountSetup), 'screen');
  if (url === 'password') return (navigate(paths.password), 'screen');
  if (url === 'mfaAdoption') return startAdoption(deps);

  const dashboard = dashboardPathOf(url);
  if (!dashboard) {
    endSession();
    return 'refused';
  }
  let address = dashboardUrl(env.envPathPrefix, dashboard);
  if (session.role === 'ROLE_PARTICIPANT') {
    const enrollment = await queryClient.fetchQuery({ ...getGetSkipEnrollmentStepsQueryOptions(), staleTime: 0 });
    if (!enrollment.data?.skipEnrollmentSteps) address = externalTargets(env.envPathPrefix, env.helpCenterUrl).participantEnrollment;
  }
  saveLanding(address, landing.data?.externalUrl ?? false);

  const mfa = await queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ACTIVE }), staleTime: 0 });
  if (mfa.data?.active && mfa.data.optionValues?.isActive !== false) return leave(address);

  const adoption = await queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ADOPTION }), staleTime: 0 });
  const values = adoption.data?.optionValues;
  switch (adoptionDecision(values?.mandatoryMfaAdoption, values?.skipMfaAdoptionUntil, localIsoDate())) {
    case 'force':
      return startAdoption(deps);
    case 'optional':
      navigate(paths.optionalAdoption);
      return 'screen';
    case 'landing':
      return leave(address);
  }
}

/** Goes on to the landing address saved at sign-in (after a step such as adding a phone). */
export async function continueToLanding(deps: JourneyDeps): Promise<RedirectOutcome> {
  const saved = readLandingUrl();
  if (saved && isPortalLandingAddress(saved, env.envPathPrefix)) return leave(saved);
  return postLoginRedirect(deps);
}

async function afterSignIn(result: AuthResponse, username: string, deps: JourneyDeps): Promise<RedirectOutcome> {
  const data = result.data;
  const role = data?.roles[0];
  if (!data || !role) throw new ApiError({ kind: 'contract', method: 'POST', path: '/login-gateway/authentication', detail: 'no user data' });
  startSession({ userId: data.userId, username, token: data.token, role });
  const methods = (await getMfaOptions({ username })).data?.options ?? [];
  const hasPhone = methods.some((method) => method.type === 'sms' || method.type === 'call');
  const hasTotp = methods.some((method) => method.type === 'totp');
  setHasTotpOption(hasTotp);
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
 * When that cannot send the user anywhere, or a call fails, nothing of the sign-in is kept and
 * the internal-error notification shows.
 */
export async function completeSignIn(result: AuthResponse, username: string, deps: JourneyDeps): Promise<void> {
  try {
    if ((await afterSignIn(result, username, deps)) !== 'refused') return;
  } catch {
    // Falls through: a half-finished sign-in is no sign-in.
  }
  endSession();
  releaseSignInCredentials();
  notify(signInInternalError);
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
