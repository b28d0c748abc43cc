import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
import { rich } from '../i18n/rich';

/** The authenticator-app set-up's texts (/totp-setup, /qr-code, /auth-app, /auth-code). */
export const totpTexts = catalogue({
  stepOf: ({ step, steps }: { readonly step: number; readonly steps: number }) => msg`Step ${step} of ${steps}`,

  setupHeading: msg`Set up authenticator app`,
  insteadOfPhone: msg`Instead of receiving codes on your phone, you will get them from an authenticator app.`,
  pleaseNote: () =>
    rich(msg`<0>Please note:</0> once it is set up, the authenticator app will be the only security verification option at login.`, {
      0: <strong />,
    }),
  startSetup: msg`Setup authenticator app`,
  skipForNow: msg`Skip for now`,

  scanHeading: msg`Scan the QR code`,
  scanHelp: msg`Download an authenticator app on your phone, then scan this QR code with it.`,
  qrCodeLabel: msg`QR code for your authenticator app`,
  useLink: msg`Or use this link on the device where your authenticator app is installed:`,
  appLink: msg`Authenticator app link`,
  copyLink: msg`Copy link`,
  linkCopied: msg`Link copied!`,
  manualKey: msg`Can't scan? Enter this key in your app`,
  manualKeyHint: msg`Letters and numbers, in groups of four; the spaces are optional.`,

  appNameHeading: msg`Add the name of your app`,
  appName: msg`App name (optional)`,
  /** The app's name when the user gives none (saved so, in the page's language). */
  defaultAppName: msg`Authenticator app`,

  codeHeading: msg`Enter the code`,
  codeHelp: msg`Enter the 6-digit code your authenticator app shows.`,
  code: msg`Code`,
  codeNotValid: msg`This code is not valid. Please check your app and try again.`,
  validateCode: msg`Validate code`,
  skip: msg`Skip`,
});

await areaLoaded('totp');
