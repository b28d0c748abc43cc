/**
 * The error catalogue's texts (spec section 8): the messages and toasts of refused calls. Which
 * error means what is decided in src/lib/api/error-catalogue.ts.
 */
export const errorTexts = {
  /** A failed call's message in the activity log (section 8): a 403 without the server's message, an errors list without a description, anything else. */
  forbidden: 'Forbidden',
  hasErrors: 'Has errors in response.',
  internalError: 'Internal Error',

  /** HTTP 429 without a usable Retry-After. */
  rateLimited: 'Too many attempts. Try again later.',
  /** HTTP 429 with its wait, in seconds under a minute, otherwise in whole minutes. */
  rateLimitedFor: ({ count, unit }: { readonly count: number; readonly unit: 'second' | 'minute' }) =>
    `Too many attempts. Try again in ${count} ${unit}${count > 1 ? 's' : ''}.`,
  securitySettingsNotLoaded: 'Your security settings could not be loaded. Please try again later.',

  /** The error toasts. */
  updatePhone: 'Unable to update phone',
  requestToken: 'Unable to request token. Please try again later',
  codeNotValid: 'The code is not valid, please try again',
  verifyPhone: 'Unable to verify phone',
  verifyEmail: 'Unable to verify email address',
  updateEmail: 'Unable to update email address',
  removeTotpDevice: 'Unable to remove TOTP device, please try again',

  /** A username that cannot be used, and failed account-setup updates. */
  usernameTaken: ({ alternate }: { readonly alternate: string }) => `Username must be unique. ${alternate} is available for use.`,
  /** A taken username without an alternative to offer. */
  usernameTakenNoAlternate: 'Username must be unique.',
  verifyUsername: 'Error verifying username, please try again.',
  updateCredentials: 'Error updating credentials. Please try again.',
  /** Shown on the field when the gateway refuses the new username too, without a description. */
  usernameTakenAgain: 'This username has been taken, please choose a new one',

  totpRegistrationFailedTitle: 'Oops, something went wrong',
  totpRegistrationFailed: 'Please try again',
} as const;
