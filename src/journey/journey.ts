import type { MfaOption } from '../../generated/models/mfaOption';
import { paths } from '../lib/paths';

/*
 * The sign-in journey as data: every step a person can be on between the sign-in form and the
 * landing page (and the steps a password reset, an account setup and the profile share with it),
 * each a type holding exactly what its screen needs, and one pure function that moves between
 * them. Nothing here renders, fetches or stores: journey-store.ts keeps the current step (in one
 * storage slot, without its secrets) and the screens read it through the route.
 *
 * A step may keep the step it came from (`back`): its Back link, and the browser's back button,
 * return there with the data it had. What a step holds of the user's secrets (the basic
 * credentials of a sign-in, a reset's captcha answer, an account setup's new password) is memory
 * only: {@link persisted} leaves it out and {@link resume} turns a step that cannot go on without
 * it into the step a reload can honestly show.
 */

/** A sign-in in progress (the spec's "stored basic-auth token", kept in memory only). */
export interface SignIn {
  readonly username: string;
  /** `Basic base64(UTF-8(username:password))`: the password itself is never kept, nor trimmed. */
  readonly authorization: string;
}

/** A password reset in progress, as its first step found it. */
export interface Reset {
  readonly username: string;
  /** The captcha answer of the first step: the reset request carries it. */
  readonly captcha: string;
  readonly methods: readonly MfaOption[];
}

export interface SetupProgress {
  readonly username: string;
  /** Step 2's choice, kept until the credentials are saved; null before it and after. */
  readonly password: string | null;
  readonly email: string | null;
  /** The credentials are saved (and the setup completed with its link's token): only the phone remains. */
  readonly saved: boolean;
  /** The token of the emailed link the setup began with, until the setup is completed with it. */
  readonly linkToken: string | null;
}

export interface PhoneNumber {
  readonly number: string;
  readonly countryCode: string;
}

export type PhoneCodeMethod = 'sms' | 'call';

/**
 * Why a phone is being set up, which decides where Back goes and what follows the code: a
 * sign-in of a user without any method, multi-factor adoption, account setup's steps 5 to 7, or
 * a new phone from the profile.
 */
export type PhonePurpose = 'sign-in' | 'adoption' | 'setup' | 'profile';

/** What a one-time code proves, with what proving it needs. */
export type CodeRequest =
  | { readonly for: 'sign-in'; readonly signIn: SignIn; readonly method: MfaOption; readonly methodCount: number }
  | { readonly for: 'reset'; readonly reset: Reset; readonly method: MfaOption }
  /** An email address, in multi-factor adoption (no setup) or as account setup's step 4. */
  | { readonly for: 'email'; readonly email: string; readonly setup: SetupProgress | null }
  | {
      readonly for: 'phone';
      readonly purpose: PhonePurpose;
      readonly phone: PhoneNumber;
      readonly method: PhoneCodeMethod;
      readonly setup: SetupProgress | null;
    }
  /** The authenticator app's code a profile user gives before changing the phone. */
  | { readonly for: 'profile-app' };

/** A step of the journey; `back` is the step Back returns to, as it was (null: Back leaves the journey). */
export type Step = { readonly back: Step | null } & (
  | { readonly name: 'credentials' | 'security-question' | 'optional-adoption'; readonly signIn: SignIn }
  | {
      readonly name: 'method-choice';
      /** A sign-in asks the gateway for the methods on this step; a reset found them on its first. */
      readonly attempt: { readonly kind: 'sign-in'; readonly signIn: SignIn } | { readonly kind: 'reset'; readonly reset: Reset };
    }
  | { readonly name: 'code-entry'; readonly code: CodeRequest }
  | { readonly name: 'email-setup' }
  /** `setup`: account setup's progress, its credentials saved (purpose `setup` only). */
  | { readonly name: 'phone-setup'; readonly purpose: PhonePurpose; readonly setup: SetupProgress | null }
  | { readonly name: 'setup-username' | 'setup-password' | 'setup-email' | 'setup-username-taken'; readonly setup: SetupProgress }
  | { readonly name: 'reset-question'; readonly reset: Reset; readonly question: string }
  /** The offer of a passkey after a password sign-in, on the way to the landing address it saved. */
  | { readonly name: 'passkey-offer' }
);

export type StepName = Step['name'];
/** The step of that name (the members of other names reduce to never). */
export type StepOf<N extends StepName> = Step & { readonly name: N };
export type CodeEntryStep = StepOf<'code-entry'>;
export type PhoneSetupStep = StepOf<'phone-setup'>;

/**
 * The moves of the journey:
 * - `advance`: on to the next step (the screens say which, with its data);
 * - `rewind`: back to a step the current one came from (a Back link, the browser's back button);
 * - `end`: the journey is over (the user left for a dashboard, cancelled, or signed out).
 */
export type JourneyEvent =
  { readonly type: 'advance'; readonly to: Step } | { readonly type: 'rewind'; readonly to: StepName } | { readonly type: 'end' };

/** Where each step may go next (besides beginning a new journey). */
const NEXT: Readonly<Record<StepName, readonly StepName[]>> = {
  credentials: ['security-question', 'method-choice', 'optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'passkey-offer'],
  'security-question': ['method-choice', 'optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'passkey-offer'],
  'method-choice': ['code-entry'],
  'code-entry': ['optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'setup-username-taken', 'passkey-offer'],
  'optional-adoption': ['email-setup', 'phone-setup'],
  'email-setup': ['code-entry'],
  'phone-setup': ['code-entry'],
  'setup-username': ['setup-password'],
  'setup-password': ['setup-email'],
  'setup-email': ['code-entry'],
  'setup-username-taken': ['phone-setup'],
  'reset-question': [],
  'passkey-offer': [],
};

/** A move the journey does not allow from where it is: a defect in the screen that asked for it. */
export class IllegalMove extends Error {
  constructor(from: Step | null, event: JourneyEvent) {
    const to = event.type === 'advance' ? event.to.name : event.type === 'rewind' ? `back to ${event.to}` : event.type;
    super(`The journey cannot go from ${from?.name ?? 'its start'} to ${to}`);
    this.name = 'IllegalMove';
  }
}

/**
 * Whether a step may begin a journey, whatever came before (a new sign-in, reset, account setup
 * or profile change replaces the one in progress): the sign-in form's credentials; a reset's
 * first step after its username; the screens a signed-in user may open by address (the email
 * and phone set-ups, account setup's first step); and the profile's app code.
 */
function begins(step: Step): boolean {
  switch (step.name) {
    case 'credentials':
    case 'email-setup':
    case 'phone-setup':
    case 'setup-username':
    case 'reset-question':
      return true;
    case 'method-choice':
      return step.attempt.kind === 'reset';
    case 'code-entry':
      return step.code.for === 'profile-app';
    default:
      return false;
  }
}

/** The steps a step came from, nearest first. */
export function trail(step: Step | null): readonly Step[] {
  const steps: Step[] = [];
  for (let at = step?.back ?? null; at; at = at.back) steps.push(at);
  return steps;
}

/** The journey's one transition function: the next step, or IllegalMove. */
export function reduce(current: Step | null, event: JourneyEvent): Step | null {
  switch (event.type) {
    case 'end':
      return null;
    case 'rewind': {
      const found = trail(current).find((step) => step.name === event.to);
      if (!found) throw new IllegalMove(current, event);
      return found;
    }
    case 'advance': {
      const { to } = event;
      const follows = current !== null && NEXT[current.name].includes(to.name);
      if (!follows && !(begins(to) && to.back === null)) throw new IllegalMove(current, event);
      return to;
    }
  }
}

const PHONE_ROUTES: Readonly<Record<PhonePurpose, string>> = {
  'sign-in': paths.updatePhone,
  adoption: paths.updatePhone,
  setup: paths.accountSetupPhone,
  profile: paths.profileUpdatePhone,
};

const ROUTES: Readonly<Record<Exclude<StepName, 'phone-setup'>, string>> = {
  credentials: paths.signIn,
  'security-question': paths.securityQuestion,
  'method-choice': paths.mfa,
  'code-entry': paths.mfaVerification,
  'optional-adoption': paths.optionalAdoption,
  'email-setup': paths.updateEmail,
  'setup-username': paths.accountSetupUsername,
  'setup-password': paths.accountSetupPassword,
  'setup-email': paths.accountSetupEmail,
  'setup-username-taken': paths.accountSetupUsernameTaken,
  'reset-question': paths.resetSecurityQuestion,
  'passkey-offer': paths.passkeyOffer,
};

export function routeOf(step: Step): string {
  return step.name === 'phone-setup' ? PHONE_ROUTES[step.purpose] : ROUTES[step.name];
}

export function freshSetup(linkToken: string | null = null): SetupProgress {
  return { username: '', password: null, email: null, saved: false, linkToken };
}

/** `base64(UTF-8(text))`: plain `btoa` throws on characters outside Latin-1. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function signInOf(username: string, password: string): SignIn {
  return { username, authorization: `Basic ${base64Utf8(`${username}:${password}`)}` };
}

/** Secrets are memory only: in storage they are replaced by this marker. */
const FORGOTTEN = '';

/**
 * A step as the storage slot keeps it: the basic credentials, a reset's captcha answer, an
 * account setup's new password and its link's token are left out, at every depth.
 */
export function persisted(step: Step): Step {
  return JSON.parse(
    JSON.stringify(step, (key, value: unknown) =>
      (key === 'authorization' || key === 'captcha') && typeof value === 'string'
        ? FORGOTTEN
        : (key === 'password' || key === 'linkToken') && typeof value === 'string'
          ? null
          : value,
    ),
  ) as Step;
}

/** The sign-in or the password reset a step carries, if any. */
export function attemptOf(step: Step): { readonly signIn: SignIn } | { readonly reset: Reset } | null {
  switch (step.name) {
    case 'credentials':
    case 'security-question':
    case 'optional-adoption':
    case 'reset-question':
      return step;
    case 'method-choice':
      return step.attempt;
    case 'code-entry':
      return step.code.for === 'sign-in' || step.code.for === 'reset' ? step.code : null;
    default:
      return null;
  }
}

/** The sign-ins and resets a step, or one it came from, carries. */
function attemptsOf(step: Step): NonNullable<ReturnType<typeof attemptOf>>[] {
  return [step, ...trail(step)].flatMap((candidate) => attemptOf(candidate) ?? []);
}

/** Whether a step, or one it came from, needed a secret a reload forgot. */
function lostSecret(step: Step): boolean {
  return attemptsOf(step).some((attempt) => ('signIn' in attempt ? attempt.signIn.authorization : attempt.reset.captcha) === FORGOTTEN);
}

/**
 * Where a journey that a reload could not resume starts again, when that is not the sign-in
 * form: a reset's first step (its captcha answer is gone).
 */
export function restartOf(step: Step | null): string | null {
  return step !== null && resume(step) === null && attemptsOf(step).some((attempt) => 'reset' in attempt) ? paths.resetPassword : null;
}

/** An account setup's progress, when the step belongs to one; null for any other step. */
function setupOf(step: Step): SetupProgress | null {
  switch (step.name) {
    case 'setup-username':
    case 'setup-password':
    case 'setup-email':
    case 'setup-username-taken':
      return step.setup;
    case 'phone-setup':
      return step.purpose === 'setup' ? step.setup : null;
    case 'code-entry':
      return step.code.for === 'email' || (step.code.for === 'phone' && step.code.purpose === 'setup') ? step.code.setup : null;
    default:
      return null;
  }
}

/**
 * Where a reload resumes, from the step the slot kept:
 * - a sign-in's or a reset's step needs the credentials or the captcha answer it forgot: none
 *   (the sign-in form, or the reset's first step, as the route's guard says);
 * - an account setup starts again at step 1 until its credentials are saved (the password is
 *   gone, and a setup is one piece for the person doing it), and at the phone entry (step 5)
 *   once they are: what is saved is not asked for again;
 * - a code on its way to an email or a phone goes back to where it was asked for (the address or
 *   the phone entry), which sends a new one; the profile's app code is asked again by its page
 *   (the profile's phone update);
 * - any other step resumes as it was.
 */
export function resume(step: Step | null): Step | null {
  if (step === null || lostSecret(step)) return null;
  const setup = setupOf(step);
  if (setup?.saved) return { name: 'phone-setup', purpose: 'setup', setup, back: null };
  if (setup) return { name: 'setup-username', setup: freshSetup(), back: null };
  if (step.name !== 'code-entry') return step;
  const { code } = step;
  if (code.for === 'email') return { name: 'email-setup', back: null };
  if (code.for === 'phone') return { name: 'phone-setup', purpose: code.purpose, setup: null, back: null };
  if (code.for === 'profile-app') return { name: 'phone-setup', purpose: 'profile', setup: null, back: null };
  return null;
}
