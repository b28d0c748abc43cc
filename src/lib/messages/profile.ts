import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** The profile's security pages' texts (/profile-update-phone, /profile-mfa-verification). */
export const profileTexts = catalogue({
  newPhoneHeading: msg`Enter your new phone number`,
  checkingSettings: msg`Checking your security settings…`,
  backToProfile: msg`Back to your profile`,
  enterCode: msg`Enter the code`,
  appCodeHelp: msg`Enter the code your authenticator app shows.`,
  emailCodeSent: msg`We sent a code to your email address. Enter it below.`,
  emailCodeNotSent: msg`We could not send a code to your email address.`,
  emailCodeSending: msg`We are sending a code to your email address.`,
  /** A removal the gateway refused for want of a device (section 8), with whom to call. */
  noSecurityDevice: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone
      ? msg`We didn't find a security device registered to your account. Please call customer service at ${supportPhone}.`
      : msg`We didn't find a security device registered to your account. Please call customer service.`,
});

await areaLoaded('profile');
