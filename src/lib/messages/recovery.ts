import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** The recovery pages' texts: the forgotten username, the password reset and the password change. */
export const recoveryTexts = catalogue({
  forgotUsernameHeading: msg`Forgot your username?`,
  whichRole: msg`Which best describes you?`,
  roleParticipant: msg`Employee participating in the 401(k) plan`,
  rolePlanAdmin: msg`401(k) plan administrator`,
  roleOther: msg`Other role such as Advisor or TPA`,
  roleRequired: msg`Role is required.`,
  enterEmail: msg`Enter the email address on your account and we'll send you your username.`,
  emailAddress: msg`Email address`,
  emailRequired: msg`Please enter your email to continue.`,
  emailInvalid: msg`Please enter a valid email address.`,
  sendingFailed: msg`Error sending your information. Please try again.`,
  checkEmail: msg`Check your email!`,
  usernameSent: msg`If we found an account for that email address, we have sent your username to it.`,
  checkSpam: msg`If you don't see the email in a few minutes, please check your spam or junk folder.`,
  goToLogin: msg`Go to Login`,

  usernameHeading: msg`What is your username?`,
  resetHelp: msg`We'll help you reset your password.`,
  username: msg`Username`,
  usernameRequired: msg`Username is required`,
  questionHeading: msg`Answer your security question`,
  securityAnswer: msg`Security Answer`,
  securityAnswerRequired: msg`Security Answer is required`,
  securityAnswerTooLong: msg`Security Answer is too long`,
  resetLinkSent: msg`If a verified email address is on file for your account, we have sent it a link to reset your password.`,
  noEmailOnFile: msg`No email on file? Please contact your employer to reset your password.`,
  backToSignIn: msg`Back to Sign In`,

  newPasswordHeading: msg`Set a new password`,
  checkingLink: msg`Checking your link…`,
  linkNotChecked: msg`We could not check your link`,
  linkExpired: msg`This link has expired - Please request a new link to reset your password`,
  linkNotCheckedHelp: msg`Please try again in a few minutes, or request a new link.`,
  requestReset: msg`Request Password Reset`,
  completeFollowing: msg`In order to keep your account safe, please complete the following.`,
  sessionTimedOut: msg`Your session has timed out`,
  reloadPage: msg`Reload the page`,
  savingFailed: msg`Error saving new password. Please try again.`,
  resetDone: msg`Password reset successfully`,
  resetDoneHelp: msg`You can now access your account with the new password.`,
  goToSignIn: msg`Go to Sign In`,

  changeHeading: msg`Change your password`,
  chooseNewPassword: msg`In order to keep your account safe, please choose a new password.`,
  changeFailed: msg`Error updating your password. Please try again.`,
  changed: msg`Your password has been changed`,
  signInAgain: msg`Please sign in again with your new password.`,
});

await areaLoaded('recovery');
