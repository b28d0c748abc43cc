/** Texts of the controls screens share: buttons, the modal, the captcha, and the password, phone and email entries. */
export const commonTexts = {
  continue: 'Continue',
  cancel: 'Cancel',
  back: 'Back',
  tryAgain: 'Try again',
  sendCode: 'Send code',
  confirm: 'Confirm',
  ok: 'OK',

  setupStep: ({ step, steps }: { readonly step: number; readonly steps: number }) => `Create Account: Step ${step} of ${steps}`,

  securityCheck: 'Security check',
  securityCheckFailed: 'The security check could not be loaded. Please check your connection and reload the page.',

  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  passwordsMustMatch: 'Both entries must match',
  passwordMustHave: 'Your password must have:',
  ruleMet: ' (met)',
  ruleNotMet: ' (not met)',
  rulesMet: ({ met, total }: { readonly met: number; readonly total: number }) => `${met} of ${total} password requirements met.`,
  ruleLength: ({ min, max }: { readonly min: number; readonly max: number }) => `${min} to ${max} characters`,
  ruleCases: 'At least one uppercase and one lowercase letter',
  ruleDigitOrSymbol: ({ symbols }: { readonly symbols: string }) => `At least one number or one of ${symbols}`,
  ruleAllowed: ({ symbols }: { readonly symbols: string }) => `Only letters, numbers and ${symbols}`,
  ruleNoTriple: 'No character three or more times in a row',
  ruleMatch: 'Both entries match',

  emailAddress: 'Email address',
  emailInvalid: 'Please enter a valid email address.',
  emailLocalPartTooLong: 'The part before the @ can be at most 64 characters.',

  phoneUpdateHeading: 'Enter your new phone number',
  phoneSetupHeading: 'Add an extra layer of security to your account',
  phoneEnterBelow: 'Enter your phone number below.',
  phoneCodeNext: "We'll send a code to verify your number in the next step.",
  country: 'Country',
  phoneNumber: 'Phone number',
  numberRequired: 'Number is required',
  numberNotValid: 'Number not valid',
} as const;
