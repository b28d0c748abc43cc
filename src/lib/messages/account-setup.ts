import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** Account setup's steps: the username, the password, the email address. */
export const accountSetupTexts = catalogue({
  usernameHeading: msg`Choose your username`,
  usernameUse: msg`You will use it to sign in to your account.`,
  username: msg`Username`,
  usernameHint: msg`4 to 16 letters and numbers, starting with a letter`,
  usernameRequired: msg`Username is required`,
  usernameRule: msg`Your username must be 4 to 16 letters and numbers, starting with a letter.`,
  usernameTakenMeanwhile: msg`It seems before you could validate your account, another user registered this username`,
  passwordHeading: msg`Create your password`,
  emailHeading: msg`Enter your email address`,
  emailCodeNext: msg`We'll send a code to this address to verify it in the next step.`,
});

await areaLoaded('account-setup');
