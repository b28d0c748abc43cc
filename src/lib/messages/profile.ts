/** The profile's security pages' texts (/profile-update-phone, /profile-mfa-verification). */
export const profileTexts = {
  newPhoneHeading: 'Enter your new phone number',
  checkingSettings: 'Checking your security settings…',
  backToProfile: 'Back to your profile',
  enterCode: 'Enter the code',
  appCodeHelp: 'Enter the code your authenticator app shows.',
  emailCodeSent: 'We sent a code to your email address. Enter it below.',
  emailCodeNotSent: 'We could not send a code to your email address.',
  emailCodeSending: 'We are sending a code to your email address.',
  /** A removal the gateway refused for want of a device (section 8), with whom to call. */
  noSecurityDevice: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone
      ? `We didn't find a security device registered to your account. Please call customer service at ${supportPhone}.`
      : "We didn't find a security device registered to your account. Please call customer service.",
} as const;
