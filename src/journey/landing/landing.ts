import type { QueryClient } from '@tanstack/react-query';
import { getMfaOptions } from '../../../generated/hooks/mfa/mfa';
import {
  getGetOptionChoiceQueryOptions,
  getGetUserCredentialsQueryOptions,
  getListPasskeysQueryOptions,
} from '../../../generated/hooks/profile/profile';
import { getGetSkipEnrollmentStepsQueryOptions, getGetUserLandingUrlQueryOptions } from '../../../generated/hooks/sign-in/sign-in';
import type { AuthResponse } from '../../../generated/models/authResponse';
import { answerData } from '../../lib/api/answer-data';
import { ApiError } from '../../../gateway-client/api-error';
import { signInInternalError } from '../../lib/api/failures';
import { normaliseRole } from '../../lib/auth-role';
import { leavePortal } from '../../lib/browser-location';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION, PASSKEY_OFFER_GRACE_MS } from '../../lib/constants';
import { localIsoDate } from '../../lib/dates';
import { env } from '../../lib/env';
import { dashboardPathOf, dashboardUrl, externalTargets, isPortalLandingAddress } from '../../lib/links';
import { notify } from '../../lib/notifications';
import { platformAuthenticatorAvailable } from '../../lib/passkeys/ceremony';
import { paths } from '../../lib/paths';
import { markSignedIn, signOut } from '../../lib/session';
import { clearSessionStorage, readSession, type StoredSession } from '../../lib/session-storage';
import {
  publishAuthCookie,
  readLandingUrl,
  saveLanding,
  setHasTotpOption,
  setMfaAdoptionInProgress,
  storeSession,
} from '../../lib/session-writes';
import { adoptionDecision } from '../adoption/adoption';
import { hasDeclinedPasskeyOffer } from '../passkey/offer-memory';
import { freshSetup, type SignIn, type Step } from '../journey';

/*
 * Where a sign-in leads (the spec's section 4: sign in, post-login redirect, MFA adoption).
 *
 * Round trips: once the sign-in has answered, every later question of the spec needs only what
 * that answer said (the user id, the role, the username), so they are all asked at once, and
 * the decision is made when every answer is in: a sign-in costs two sequential waves of calls,
 * whichever way it goes, where asking each question after the previous answer cost five.
 * Answers change as the journey goes on: always fetched afresh, never retried, so a failing
 * gateway reaches the user within one deadline. Any failure fails the step as a whole.
 */

export interface LandingDeps {
  readonly queryClient: QueryClient;
  readonly advance: (step: Step) => void;
  readonly navigate: (path: string) => void;
  readonly leave: (address: string) => void;
}

export type LandingOutcome = 'moved' | 'refused';

const FRESH = { staleTime: 0, retry: false } as const;

function askForLanding(queryClient: QueryClient, session: StoredSession) {
  const ask = <T>(promise: Promise<T>) => {
    promise.catch(() => undefined);
    return promise;
  };
  return {
    landing: ask(queryClient.fetchQuery({ ...getGetUserLandingUrlQueryOptions({ role: session.role }), ...FRESH })),
    enrollment:
      session.role === 'ROLE_PARTICIPANT' ? ask(queryClient.fetchQuery({ ...getGetSkipEnrollmentStepsQueryOptions(), ...FRESH })) : null,
    mfaActive: ask(queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ACTIVE }), ...FRESH })),
    adoption: ask(queryClient.fetchQuery({ ...getGetOptionChoiceQueryOptions({ type: OPTION_MFA_ADOPTION }), ...FRESH })),
    credentials: ask(queryClient.fetchQuery({ ...getGetUserCredentialsQueryOptions(session.userId), ...FRESH })),
  };
}

type LandingQuestions = ReturnType<typeof askForLanding>;

/**
 * Whether to offer a passkey on the way to the landing address (this contract's extension): on a
 * device with its own authenticator, to a user who has no passkey and has not said "Not now"
 * here. Asked beside the landing's questions; an optional extra, so a failing passkey list means
 * no offer, never a failed sign-in.
 */
function askForOffer(queryClient: QueryClient, userId: string): Promise<boolean> {
  return (async () => {
    if (hasDeclinedPasskeyOffer(userId) || !(await platformAuthenticatorAvailable())) return false;
    const list = await queryClient.fetchQuery({ ...getListPasskeysQueryOptions(), ...FRESH });
    return answerData(list).passkeys.length === 0;
  })().catch(() => false);
}

/**
 * The offer's answer, or no offer when the passkey list is still out {@link PASSKEY_OFFER_GRACE_MS}
 * after the landing's own answers (asked at the same time): the offer never holds a sign-in up.
 */
async function offerInTime(offer: Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PASSKEY_OFFER_GRACE_MS)));
  return Promise.race([offer, late]).finally(() => clearTimeout(timer));
}

/** Multi-factor adoption begins: with the phone when the user's email is verified, else with the email. */
async function adopt(credentials: LandingQuestions['credentials'], deps: LandingDeps): Promise<LandingOutcome> {
  const verified = answerData(await credentials).isEmailVerified ?? false;
  setMfaAdoptionInProgress(true);
  deps.advance(verified ? { name: 'phone-setup', purpose: 'adoption', setup: null, back: null } : { name: 'email-setup', back: null });
  return 'moved';
}

export function startAdoption(deps: LandingDeps): Promise<LandingOutcome> {
  const session = readSession();
  if (!session) return Promise.resolve('refused');
  return adopt(deps.queryClient.fetchQuery({ ...getGetUserCredentialsQueryOptions(session.userId), ...FRESH }), deps);
}

/**
 * The post-login redirect, from the answers: the landing markers go to their screens; a
 * dashboard (only from the allow-list, with the environment prefix) is saved; a participant who
 * has not enrolled goes to enrollment; then option 190 and option 9930 decide between the landing
 * address, optional adoption (for a sign-in in progress) and forced adoption. Anything else
 * ends the session.
 */
async function redirect(
  questions: LandingQuestions,
  signIn: SignIn | null,
  deps: LandingDeps,
  offer: Promise<boolean> = Promise.resolve(false),
) {
  // Every answer is in before anything is decided: a gateway failing any of them fails the
  // step, whichever answers this user's way needs.
  await Promise.all(Object.values(questions));
  const landing = answerData(await questions.landing);
  const { url } = landing;
  if (url === 'acctSetup-username') return (deps.advance({ name: 'setup-username', setup: freshSetup(), back: null }), 'moved' as const);
  if (url === 'password') return (deps.navigate(paths.password), 'moved' as const);
  if (url === 'mfaAdoption') return adopt(questions.credentials, deps);

  const dashboard = dashboardPathOf(url);
  if (!dashboard) {
    clearSessionStorage();
    return 'refused' as const;
  }
  const dashboardAddress = dashboardUrl(env.envPathPrefix, dashboard);
  const address = questions.enrollment
    ? participantAddress(dashboardAddress, answerData(await questions.enrollment).skipEnrollmentSteps)
    : dashboardAddress;
  saveLanding(address, landing.externalUrl ?? false);

  const mfa = answerData(await questions.mfaActive);
  if (!mfa?.active || mfa.optionValues?.isActive === false) {
    const values = answerData(await questions.adoption)?.optionValues;
    const decision = adoptionDecision(values?.mandatoryMfaAdoption, values?.skipMfaAdoptionUntil, localIsoDate());
    if (decision === 'force') return adopt(questions.credentials, deps);
    // Without a sign-in in progress there is no optional adoption to offer (the spec's "basic
    // auth token is required"): the user goes on to the landing address.
    if (decision === 'optional' && signIn) return (deps.advance({ name: 'optional-adoption', signIn, back: null }), 'moved' as const);
  }
  // The offer goes on to the address saved above, whatever the user chooses.
  if (await offerInTime(offer)) deps.advance({ name: 'passkey-offer', back: null });
  else deps.leave(address);
  return 'moved' as const;
}

function participantAddress(dashboardAddress: string, skipEnrollment: boolean | undefined): string {
  return skipEnrollment ? dashboardAddress : externalTargets(env.envPathPrefix).participantEnrollment;
}

/**
 * The post-login redirect of a session already in force (after adoption, after account setup):
 * its auth cookie is published, other tabs know it. A landing address it refuses ends that
 * session everywhere (the spec: "otherwise the session is cleared"), not only this tab's storage.
 */
export async function postLoginRedirect(deps: LandingDeps): Promise<LandingOutcome> {
  const session = readSession();
  if (!session) return 'refused';
  const outcome = await redirect(askForLanding(deps.queryClient, session), null, deps);
  if (outcome === 'refused') signOut('rejected');
  return outcome;
}

/**
 * The participant redirection after account setup's phone (spec sections 4 and 6): the
 * participant dashboard of this environment, or enrollment while enrollment steps remain.
 */
export async function participantRedirect(deps: LandingDeps): Promise<LandingOutcome> {
  if (!readSession()) return 'refused';
  const enrollment = await deps.queryClient.fetchQuery({ ...getGetSkipEnrollmentStepsQueryOptions(), ...FRESH });
  const address = participantAddress(dashboardUrl(env.envPathPrefix, '/participant'), answerData(enrollment).skipEnrollmentSteps);
  saveLanding(address, false);
  deps.leave(address);
  return 'moved';
}

export function continueToLanding(deps: LandingDeps): Promise<LandingOutcome> {
  const saved = readLandingUrl();
  if (saved && isPortalLandingAddress(saved, env.envPathPrefix)) {
    deps.leave(saved);
    return Promise.resolve('moved');
  }
  return postLoginRedirect(deps);
}

export async function runLandingStep(step: () => Promise<LandingOutcome>): Promise<void> {
  try {
    if ((await step()) !== 'refused') return;
  } catch {
    // Falls through to the notification.
  }
  notify(signInInternalError);
}

/** The signed-in user of a sign-in answer, with the role prefixed; a contract error without one. */
function sessionOf(result: AuthResponse, username: string, path: string): Omit<StoredSession, 'site' | 'showAlerts'> {
  const data = answerData(result);
  // The gateway may send the role with or without its ROLE_ prefix; the session keeps it prefixed.
  const role = normaliseRole(data.roles[0]);
  if (!role) throw new ApiError({ kind: 'contract', method: 'POST', path, detail: 'no role the portal knows' });
  return { userId: data.userId, username, token: data.token, role };
}

/**
 * What follows a successful sign-in, whichever step completed it (password, security answer,
 * one-time code, recovery code, passkey): the session is cleared and stored afresh; a user with
 * neither a phone nor an authenticator app adds a phone first; everyone else goes through the
 * post-login redirect, where a password sign-in may be offered a passkey.
 *
 * A passkey sign-in (`signIn` null) has no username in its answer: it comes with the user's
 * credentials, among the landing's questions. A passkey verified with user verification stands
 * for both factors (the contract), so its user is not sent to add a phone, and without the
 * basic credentials there is no optional adoption to offer.
 *
 * The session stays in this tab until the step has succeeded as a whole: only then is the auth
 * cookie published (other tabs and applications watch it), the `hasTotpOption` cookie set and
 * the tab marked signed in. When the step fails, is refused or outlives its deadline (one
 * gateway call's, for the whole step), nothing of the sign-in is kept, no other tab is touched,
 * and the user is back on the sign-in form with the internal-error notification.
 */
export async function completeSignIn(
  result: AuthResponse,
  signIn: SignIn | null,
  deps: LandingDeps & { readonly end: () => void },
): Promise<void> {
  let over = false;
  let hasTotp: boolean | null = null;
  const once =
    <A extends unknown[]>(move: (...args: A) => void) =>
    (...args: A) => {
      if (over) return;
      over = true;
      if (hasTotp !== null) setHasTotpOption(hasTotp);
      publishAuthCookie();
      const userId = readSession()?.userId;
      if (userId) markSignedIn(userId);
      move(...args);
    };
  const committing: LandingDeps = {
    queryClient: deps.queryClient,
    advance: once(deps.advance),
    navigate: once(deps.navigate),
    leave: once(deps.leave),
  };

  const step = async (): Promise<LandingOutcome> => {
    storeSession(sessionOf(result, signIn?.username ?? '', '/login-gateway/authentication'));
    const session = readSession();
    if (!session) return 'refused';
    const questions = askForLanding(deps.queryClient, session);
    if (!signIn) {
      await Promise.all(Object.values(questions));
      storeSession(sessionOf(result, answerData(await questions.credentials).userName ?? '', '/login-gateway/authentication/passkey'));
      return redirect(questions, null, committing);
    }
    const offer = askForOffer(deps.queryClient, session.userId);
    const [methods] = await Promise.all([getMfaOptions({ username: signIn.username }), ...Object.values(questions)]);
    const { options } = answerData(methods);
    hasTotp = options.some((method) => method.type === 'totp');
    if (!hasTotp && !options.some((method) => method.type === 'sms' || method.type === 'call')) {
      committing.advance({ name: 'phone-setup', purpose: 'sign-in', setup: null, back: null });
      return 'moved';
    }
    return redirect(questions, signIn, committing, offer);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), env.apiTimeoutMs);
  });
  let outcome: LandingOutcome | 'expired' | 'failed';
  try {
    const running = step();
    running.catch(() => undefined); // A failure after the deadline has nobody left to tell.
    outcome = await Promise.race([running, deadline]);
  } catch {
    outcome = 'failed';
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'moved') return;
  // A half-finished sign-in is no sign-in; a late answer can no longer move the user on.
  over = true;
  clearSessionStorage();
  deps.end();
  notify(signInInternalError);
  deps.navigate(paths.signIn);
}

/**
 * An emailed link's token signed the user in (an invitation, an account set-up or trustee
 * signing: the spec's "enrollment"): the session is stored and published, and the account
 * set-up begins, holding the link's token so the set-up completes with it.
 */
export function startSetupFromLink(result: AuthResponse, token: string, advance: (step: Step) => void): void {
  const session = sessionOf(result, '', '/login-gateway/authentication/token');
  storeSession(session);
  publishAuthCookie();
  markSignedIn(session.userId);
  advance({ name: 'setup-username', setup: freshSetup(token), back: null });
}

export function leaveFor(address: string, end: () => void): void {
  end();
  leavePortal(address);
}
