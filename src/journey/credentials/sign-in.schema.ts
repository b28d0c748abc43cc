/**
 * The sign-in form's rules, as plain functions. This is the one form that uses neither zod
 * nor react-hook-form: it is the first screen, and leaving both libraries to the later,
 * lazily loaded screens keeps its JavaScript inside the performance budget.
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
  const errors: { -readonly [K in keyof SignInErrors]: SignInErrors[K] } = {};
  if (values.username.trim() === '') errors.username = 'Username is required';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

/** The values as they are sent: the username trimmed, the password untouched. */
export function normaliseSignIn(values: SignInValues): SignInValues {
  return { username: values.username.trim(), password: values.password };
}
