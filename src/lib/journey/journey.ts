import type { MfaOption } from '../../../generated/models/mfaOption';
import type { MfaType } from '../../../generated/models/mfaType';
import type { ApiError } from '../api/api-error';
import { createStore } from '../store';

/*
 * The journey in progress: what several screens of one sign-in share, in one place with one
 * lifetime. It lives in memory only (it holds the basic credentials, the password an account
 * setup chose and callbacks, and a code must never reach storage): it begins with a sign-in,
 * ends when the user leaves the portal, cancels, fails or signs out, and a reload forgets it,
 * which sends the user back to the start (the sign-in form, or the first step of the setup).
 */

/** A sign-in in progress (the spec's "stored basic-auth token"). */
export interface SignInAttempt {
  readonly kind: 'sign-in';
  readonly username: string;
  /** `Basic base64(UTF-8(username:password))`; the password itself is never kept, nor trimmed. */
  readonly authorization: string;
}

/** A password reset in progress: who, and what the steps after the username need. */
export interface ResetAttempt {
  readonly kind: 'reset';
  readonly username: string;
  /** The captcha answer of the username step: the reset request carries it. */
  readonly captcha: string;
  /** The user's code methods, as the username step found them. */
  readonly methods: readonly MfaOption[];
  /** The question, for a user who recovers by answering it; null for a code user. */
  readonly securityQuestion: string | null;
}

/** Who the journey is for: a sign-in or a password reset. */
export type Attempt = SignInAttempt | ResetAttempt;

/**
 * The spec's "verification data": what the code-entry screen (/mfa-verification) needs from the
 * flow that sends the user there.
 */
export interface VerificationData {
  /** The method the code comes by, and where it was sent (shown masked). */
  readonly mfaOption: { readonly type: MfaType; readonly contactInfo?: string | null | undefined };
  /**
   * How many methods the user could choose from: with one, the back link reads Cancel (the
   * spec's `mfaLength`, 2 on the phone flows: text and voice call). The code itself is always
   * up to 6 digits, whatever the method.
   */
  readonly mfaOptionCount: number;
  /** Checks the code; throws an ApiError when it is refused. */
  readonly submit: (code: string) => Promise<void>;
  /** Sends a new code; absent when codes come from an app. */
  readonly resend?: () => Promise<void>;
  /** Where Back (or Cancel) goes. */
  readonly backRoute: string;
  /** The step of account setup this code is (4 for the email, 7 for the phone), shown above the heading. */
  readonly setupStep?: number;
  /** Shows a failure that is not a lockout (the screen shows lockouts under the form). */
  readonly onFailure: (error: ApiError) => void;
}

/**
 * An account setup in progress: what its steps chose so far. The password is kept only until
 * the credentials are saved, and, like everything here, never reaches storage.
 */
export interface AccountSetup {
  readonly username: string;
  /** Step 2's choice; null before it, and again once the credentials are saved. */
  readonly password: string | null;
  /** Step 3's choice; null before it. */
  readonly email: string | null;
  /**
   * The credentials are saved, and the setup completed with its token when there is one: only
   * the phone remains.
   */
  readonly saved: boolean;
  /** The email code's screen (step 4), which the phone step's Back reopens. */
  readonly emailCode: VerificationData | null;
}

export interface Journey {
  /** Who is signing in or resetting a password; null outside those. */
  readonly attempt: Attempt | null;
  /** The account setup in progress; null outside it. */
  readonly setup: AccountSetup | null;
  /**
   * The token of the emailed link an invited user signed in by, when there is one (the journey's
   * only copy of a link's token, never in storage): account setup completes with it once the
   * credentials are saved.
   */
  readonly setupToken: string | null;
  /** Where Back on the phone screen goes; null when there is nowhere to go back to. */
  readonly phoneBackRoute: string | null;
  /** What the code-entry screen needs; null when no code is expected. */
  readonly verification: VerificationData | null;
}

const NONE: Journey = { attempt: null, setup: null, setupToken: null, phoneBackRoute: null, verification: null };
const store = createStore<Journey>(NONE);

/** `base64(UTF-8(text))`: plain `btoa` throws on characters outside Latin-1. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Begins a journey with a sign-in: whatever an earlier one left is forgotten. */
export function beginSignIn(username: string, password: string): SignInAttempt {
  const attempt: SignInAttempt = { kind: 'sign-in', username, authorization: `Basic ${base64Utf8(`${username}:${password}`)}` };
  store.set({ ...NONE, attempt });
  return attempt;
}

/** Begins a journey with a password reset: whatever an earlier one left is forgotten. */
export function beginReset(reset: Omit<ResetAttempt, 'kind'>): void {
  store.set({ ...NONE, attempt: { kind: 'reset', ...reset } });
}

/** Ends the journey: nothing of it is kept. */
export function endJourney(): void {
  store.set(NONE);
}

export function setPhoneBackRoute(route: string | null): void {
  store.set({ ...store.get(), phoneBackRoute: route });
}

/** Begins a journey with an emailed link's sign-in, holding its token: whatever an earlier one left is forgotten. */
export function beginWithSetupToken(setupToken: string): void {
  store.set({ ...NONE, setupToken });
}

export function setVerification(verification: VerificationData | null): void {
  store.set({ ...store.get(), verification });
}

/** Records the account setup's progress (null: no setup in progress). */
export function setAccountSetup(setup: AccountSetup | null): void {
  store.set({ ...store.get(), setup });
}

/** Holds the token of the link an invited user arrived by, for account setup to complete with. */
export function setSetupToken(setupToken: string | null): void {
  store.set({ ...store.get(), setupToken });
}

/** The journey now (outside React). */
export const currentJourney = store.get;
/** The journey, re-rendering when it changes. */
export const useJourneyState = store.use;

/** The `Authorization` value for the sign-in calls, while a sign-in is in progress. */
export function signInAuthorization(): string | null {
  const { attempt } = store.get();
  return attempt?.kind === 'sign-in' ? attempt.authorization : null;
}
