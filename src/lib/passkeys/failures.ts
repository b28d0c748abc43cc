import { isApiError, type ApiError } from '../../../gateway-client/api-error';
import { passkeySignInTexts, passkeyTexts, recoveryCodeTexts } from '../messages/passkeys';
import { ceremonyFailureOf, type CeremonyFailure } from './ceremony';

/*
 * The error codes of this contract's extension (openapi/paths/passkeys.yaml and
 * recovery-codes.yaml), each with what the user reads (read when asked, in the page's language
 * of the moment, not when this module loads). A code the table does not know is not
 * one of these: the caller falls back to its screen's general handling.
 */

/** PKERR01-03 on a passkey sign-in. */
const SIGN_IN: Readonly<Record<string, () => string>> = {
  PKERR01: () => passkeySignInTexts.expired,
  PKERR02: () => passkeySignInTexts.unknown,
  PKERR03: () => passkeySignInTexts.notVerified,
};

/** PKERR01 and PKERR03-06 on registering, renaming or removing a passkey. */
const MANAGE: Readonly<Record<string, () => string>> = {
  PKERR01: () => passkeyTexts.expired,
  PKERR03: () => passkeyTexts.notVerified,
  PKERR04: () => passkeyTexts.notFound,
  PKERR05: () => passkeyTexts.alreadyOnDevice,
  PKERR06: () => passkeyTexts.tooMany,
};

/** RCERR01-03 at the code step. */
const RECOVERY_CODE: Readonly<Record<string, () => string>> = {
  RCERR01: () => recoveryCodeTexts.notValid,
  RCERR02: () => recoveryCodeTexts.used,
  RCERR03: () => recoveryCodeTexts.noneLeft,
};

function lookup(table: Readonly<Record<string, () => string>>, error: ApiError): string | null {
  const code = error.codes.find((item) => Object.hasOwn(table, item));
  return code === undefined ? null : table[code]!();
}

/** What a refused passkey sign-in tells the user, or null for any other failure. */
export function passkeySignInMessage(error: ApiError): string | null {
  return lookup(SIGN_IN, error);
}

/** What a refused passkey registration, rename or removal tells the user, or null for any other failure. */
export function passkeyManageMessage(error: ApiError): string | null {
  return lookup(MANAGE, error);
}

/** What a refused recovery code tells the user, or null for any other failure. */
export function recoveryCodeMessage(error: ApiError): string | null {
  return lookup(RECOVERY_CODE, error);
}

/** RCERR01: not one of the user's codes, perhaps mistyped: the code stays in its field, to be corrected. */
export function isRecoveryCodeNotValid(error: ApiError): boolean {
  return error.codes.includes('RCERR01');
}

/** PKERR04: the passkey is gone already (removed in another tab): the list is out of date. */
export function isPasskeyGone(error: ApiError): boolean {
  return error.codes.includes('PKERR04');
}

/** What a ceremony the browser did not complete tells the user: nothing when a newer one took over. */
export function ceremonyMessage(failure: CeremonyFailure, during: 'sign-in' | 'registration'): string | null {
  switch (failure) {
    case 'aborted':
      return null;
    case 'exists':
      return passkeyTexts.alreadyOnDevice;
    case 'not-used':
      return during === 'sign-in' ? passkeySignInTexts.notUsed : passkeyTexts.notCreated;
    case 'failed':
      return during === 'sign-in' ? passkeySignInTexts.notVerified : passkeyTexts.notVerified;
  }
}

/**
 * What a failed registration, rename or removal tells the user: the gateway's PKERR code's
 * message, the browser's ceremony's (nothing when a newer ceremony took over), or, for anything
 * else (a 5xx, the network, an answer that breaks the contract), that something went wrong and
 * trying again may help.
 */
export function passkeyFailureMessage(error: unknown): string | null {
  if (isApiError(error)) return passkeyManageMessage(error) ?? passkeyTexts.failed;
  const ceremony = ceremonyFailureOf(error);
  return ceremony === null ? passkeyTexts.failed : ceremonyMessage(ceremony, 'registration');
}
