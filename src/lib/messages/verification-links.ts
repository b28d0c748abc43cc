import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** The texts of the pages emailed links open (spec section 2, "Link-verification screens"). */
export const verificationLinkTexts = catalogue({
  signIn: msg`Sign In`,
  login: msg`Login`,
  tryAgain: msg`Try again`,
  checkingLink: msg`Checking your link`,
  checkingLinkWait: msg`One moment while we check your link…`,
  linkNotChecked: msg`We could not check your link`,
  linkNotCheckedHelp: msg`Something went wrong on our side. Please try again in a few minutes.`,

  linkExpired: msg`This link has expired`,
  linkExpiredHelp: msg`Please check your inbox for a more current email, or sign in to your account.`,
  emailLinkExpired: msg`Email verification link expired`,
  resendVerificationLink: msg`Resend Verification Link`,
  emailLinkExpiredHelp: msg`Links to verify your email address expire after a while. We can send you a new one.`,
  emailAlreadyVerified: msg`Email already verified!`,
  emailVerified: msg`Your email address has been verified!`,
  enrollmentExpired: msg`Enrollment Link Expired`,
  resendEnrollmentEmail: msg`Resend Enrollment Email`,
  enrollmentExpiredHelp: msg`Please check your inbox for a more current enrollment email. If you can't find one, we can send you a new link.`,
  enrollmentCompleted: msg`Enrollment Already Completed`,
  enrollmentCompletedHelp: msg`Your account is set up. Please log in.`,
  trusteeExpired: msg`The link you are using to sign your trust documents has expired.`,
  resendLink: msg`Resend Link`,
  trusteeResendHelp: msg`We can send you a new link to sign your trust documents.`,
  trusteeReplacedHelp: msg`Please check your inbox for a more current email with a link to sign your trust documents.`,
  trusteeCompleted: msg`Looks like you've already completed signing your trust documents.`,

  linkResent: msg`Link Resent!`,
  resendFailed: ({ link }: { readonly link: 'verification' | 'enrollment' | 'trustee signing' }) =>
    ({
      verification: msg`Unable to send verification link. Please try again later.`,
      enrollment: msg`Unable to send enrollment link. Please try again later.`,
      'trustee signing': msg`Unable to send trustee signing link. Please try again later.`,
    })[link],

  mappingExpired: msg`This account verification link has expired.`,
  mappingExpiredHelp: msg`Please sign in and submit a new account link request.`,
  mappingVerified: msg`The account link has been successfully verified and the linking process has been completed`,
});

await areaLoaded('verification-links');
