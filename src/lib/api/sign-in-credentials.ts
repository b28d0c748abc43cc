/**
 * The username and password of a sign-in in progress, held in memory only (never in storage),
 * for the follow-up calls of the same sign-in (security question, one-time code). A reload
 * forgets them, which sends the user back to the sign-in form.
 */
let held: string | null = null;
let heldUser: string | null = null;

/** `base64(UTF-8(text))`: plain `btoa` throws on characters outside Latin-1. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Holds the credentials for the sign-in calls that follow. The password is never trimmed. */
export function holdSignInCredentials(username: string, password: string): void {
  held = `Basic ${base64Utf8(`${username}:${password}`)}`;
  heldUser = username;
}

/** The username of the sign-in in progress (for the security question and the code methods). */
export function heldUsername(): string | null {
  return heldUser;
}

/** The `Authorization` value for the sign-in call, when credentials are held. */
export function heldBasicAuthorization(): string | null {
  return held;
}

/** Whether a sign-in is in progress (the spec's "stored basic-auth token"). */
export function hasHeldSignInCredentials(): boolean {
  return held !== null;
}

/** Forgets the held credentials: after sign-in succeeds, or when the user leaves. */
export function releaseSignInCredentials(): void {
  held = null;
  heldUser = null;
}
