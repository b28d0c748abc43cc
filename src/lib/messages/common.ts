import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** Texts of the controls screens share: buttons, the modal, the captcha, and the password, phone and email entries. */
export const commonTexts = catalogue({
  continue: msg`Continue`,
  cancel: msg`Cancel`,
  back: msg`Back`,
  tryAgain: msg`Try again`,
  sendCode: msg`Send code`,
  confirm: msg`Confirm`,
  ok: msg`OK`,

  setupStep: ({ step, steps }: { readonly step: number; readonly steps: number }) => msg`Create Account: Step ${step} of ${steps}`,

  securityCheck: msg`Security check`,
  securityCheckFailed: msg`The security check could not be loaded. Please check your connection and reload the page.`,

  newPassword: msg`New password`,
  confirmNewPassword: msg`Confirm new password`,
  passwordsMustMatch: msg`Both entries must match`,
  passwordMustHave: msg`Your password must have:`,
  ruleMet: msg` (met)`,
  ruleNotMet: msg` (not met)`,
  rulesMet: ({ met, total }: { readonly met: number; readonly total: number }) => msg`${met} of ${total} password requirements met.`,
  ruleLength: ({ min, max }: { readonly min: number; readonly max: number }) => msg`${min} to ${max} characters`,
  ruleCases: msg`At least one uppercase and one lowercase letter`,
  ruleDigitOrSymbol: ({ symbols }: { readonly symbols: string }) => msg`At least one number or one of ${symbols}`,
  ruleAllowed: ({ symbols }: { readonly symbols: string }) => msg`Only letters, numbers and ${symbols}`,
  ruleNoTriple: msg`No character three or more times in a row`,
  ruleMatch: msg`Both entries match`,

  emailAddress: msg`Email address`,
  emailInvalid: msg`Please enter a valid email address.`,
  emailLocalPartTooLong: msg`The part before the @ can be at most 64 characters.`,

  phoneUpdateHeading: msg`Enter your new phone number`,
  phoneSetupHeading: msg`Add an extra layer of security to your account`,
  phoneEnterBelow: msg`Enter your phone number below.`,
  phoneCodeNext: msg`We'll send a code to verify your number in the next step.`,
  country: msg`Country`,
  phoneNumber: msg`Phone number`,
  numberRequired: msg`Number is required`,
  numberNotValid: msg`Number not valid`,
});

await areaLoaded('common');
