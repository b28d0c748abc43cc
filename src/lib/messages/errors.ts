import { msg, plural } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/**
 * The error catalogue's texts (spec section 8): the messages and toasts of refused calls. Which
 * error means what is decided in src/lib/api/error-catalogue.ts.
 */
export const errorTexts = catalogue({
  /** A failed call's message in the activity log (section 8): a 403 without the server's message, an errors list without a description, anything else. */
  forbidden: msg`Forbidden`,
  hasErrors: msg`Has errors in response.`,
  internalError: msg`Internal Error`,

  /** HTTP 429 without a usable Retry-After. */
  rateLimited: msg`Too many attempts. Try again later.`,
  /** HTTP 429 with its wait, in seconds under a minute, otherwise in whole minutes. */
  rateLimitedFor: ({ count, unit }: { readonly count: number; readonly unit: 'second' | 'minute' }) =>
    unit === 'second'
      ? msg`${plural(count, { one: 'Too many attempts. Try again in # second.', other: 'Too many attempts. Try again in # seconds.' })}`
      : msg`${plural(count, { one: 'Too many attempts. Try again in # minute.', other: 'Too many attempts. Try again in # minutes.' })}`,
  securitySettingsNotLoaded: msg`Your security settings could not be loaded. Please try again later.`,

  /** The error toasts. */
  updatePhone: msg`Unable to update phone`,
  requestToken: msg`Unable to request token. Please try again later`,
  codeNotValid: msg`The code is not valid, please try again`,
  verifyPhone: msg`Unable to verify phone`,
  verifyEmail: msg`Unable to verify email address`,
  updateEmail: msg`Unable to update email address`,
  removeTotpDevice: msg`Unable to remove TOTP device, please try again`,

  /** A username that cannot be used, and failed account-setup updates. */
  usernameTaken: ({ alternate }: { readonly alternate: string }) => msg`Username must be unique. ${alternate} is available for use.`,
  /** A taken username without an alternative to offer. */
  usernameTakenNoAlternate: msg`Username must be unique.`,
  verifyUsername: msg`Error verifying username, please try again.`,
  updateCredentials: msg`Error updating credentials. Please try again.`,
  /** Shown on the field when the gateway refuses the new username too, without a description. */
  usernameTakenAgain: msg`This username has been taken, please choose a new one`,

  totpRegistrationFailedTitle: msg`Oops, something went wrong`,
  totpRegistrationFailed: msg`Please try again`,
});

await areaLoaded('errors');
