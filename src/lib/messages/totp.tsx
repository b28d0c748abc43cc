import type { ReactNode } from 'react';

/** The authenticator-app set-up's texts (/totp-setup, /qr-code, /auth-app, /auth-code). */
export const totpTexts = {
  stepOf: ({ step, steps }: { readonly step: number; readonly steps: number }) => `Step ${step} of ${steps}`,

  setupHeading: 'Set up authenticator app',
  insteadOfPhone: 'Instead of receiving codes on your phone, you will get them from an authenticator app.',
  pleaseNote: ({ strong }: { readonly strong: (text: string) => ReactNode }) => (
    <>{strong('Please note:')} once it is set up, the authenticator app will be the only security verification option at login.</>
  ),
  startSetup: 'Setup authenticator app',
  skipForNow: 'Skip for now',

  scanHeading: 'Scan the QR code',
  scanHelp: 'Download an authenticator app on your phone, then scan this QR code with it.',
  qrCodeLabel: 'QR code for your authenticator app',
  useLink: 'Or use this link on the device where your authenticator app is installed:',
  appLink: 'Authenticator app link',
  copyLink: 'Copy link',
  linkCopied: 'Link copied!',
  manualKey: "Can't scan? Enter this key in your app",
  manualKeyHint: 'Letters and numbers, in groups of four; the spaces are optional.',

  appNameHeading: 'Add the name of your app',
  appName: 'App name (optional)',

  codeHeading: 'Enter the code',
  codeHelp: 'Enter the 6-digit code your authenticator app shows.',
  code: 'Code',
  codeNotValid: 'This code is not valid. Please check your app and try again.',
  validateCode: 'Validate code',
  skip: 'Skip',
} as const;
