import { firstScreenTexts } from '../../lib/messages/first-screen';

/**
 * The sign-in form's rules, as plain functions: the one form of the portal without
 * react-hook-form, because it is the first screen. Measured on the production build,
 * react-hook-form on it adds 14.0 KB gzip to the first screen's JavaScript (107.4 -> 121.4 KB,
 * against a budget of 105 KB); zod stays off it too (scripts/size-check.mjs fails when it
 * loads there). The form shares the other forms' fields and footer, not their form library.
 *
 * The username is trimmed before it is checked and sent; the password is taken exactly as
 * typed. Sign-in does not apply the account-setup username rules: existing accounts may
 * predate them.
 */
export interface SignInValues {
  readonly username: string;
  readonly password: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** The field errors for the values as typed; empty when they may be sent. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (values.username.trim() === '') errors.username = firstScreenTexts.usernameRequired;
  if (values.password === '') errors.password = firstScreenTexts.passwordRequired;
  return errors;
}
