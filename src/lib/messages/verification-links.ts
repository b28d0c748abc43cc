/** The texts of the pages emailed links open (spec section 2, "Link-verification screens"). */
export const verificationLinkTexts = {
  signIn: 'Sign In',
  login: 'Login',
  tryAgain: 'Try again',
  checkingLink: 'Checking your link',
  checkingLinkWait: 'One moment while we check your link…',
  linkNotChecked: 'We could not check your link',
  linkNotCheckedHelp: 'Something went wrong on our side. Please try again in a few minutes.',

  linkExpired: 'This link has expired',
  linkExpiredHelp: 'Please check your inbox for a more current email, or sign in to your account.',
  emailLinkExpired: 'Email verification link expired',
  resendVerificationLink: 'Resend Verification Link',
  emailLinkExpiredHelp: 'Links to verify your email address expire after a while. We can send you a new one.',
  emailAlreadyVerified: 'Email already verified!',
  emailVerified: 'Your email address has been verified!',
  enrollmentExpired: 'Enrollment Link Expired',
  resendEnrollmentEmail: 'Resend Enrollment Email',
  enrollmentExpiredHelp: "Please check your inbox for a more current enrollment email. If you can't find one, we can send you a new link.",
  enrollmentCompleted: 'Enrollment Already Completed',
  enrollmentCompletedHelp: 'Your account is set up. Please log in.',
  trusteeExpired: 'The link you are using to sign your trust documents has expired.',
  resendLink: 'Resend Link',
  trusteeResendHelp: 'We can send you a new link to sign your trust documents.',
  trusteeReplacedHelp: 'Please check your inbox for a more current email with a link to sign your trust documents.',
  trusteeCompleted: "Looks like you've already completed signing your trust documents.",

  linkResent: 'Link Resent!',
  resendFailed: ({ link }: { readonly link: 'verification' | 'enrollment' | 'trustee signing' }) =>
    `Unable to send ${link} link. Please try again later.`,

  mappingExpired: 'This account verification link has expired.',
  mappingExpiredHelp: 'Please sign in and submit a new account link request.',
  mappingVerified: 'The account link has been successfully verified and the linking process has been completed',
} as const;
