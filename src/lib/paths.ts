/**
 * Every route path of the portal, in one module with no screen imports, so flows can link to
 * each other without depending on each other. The addresses the portal builds from them (links
 * to dashboards, documents, the survey) are in `links.ts`: the first screen needs only these.
 */

/** The portal's own routes (hash routing): the spec's section 2. */
export const paths = {
  signIn: '/',
  securityQuestion: '/security-question',
  optionalAdoption: '/optional-adoption',
  logoutFeedback: '/logout-feedback',
  redirectLogin: '/redirectLogin',
  forgotUsername: '/forgot-username',
  password: '/password',
  resetPassword: '/reset-password',
  resetSecurityQuestion: '/reset-password/security-question',
  resetNewPassword: '/reset-password/new-password',
  resetSuccess: '/reset-password/success',
  accountSetup: '/account-setup',
  accountSetupUsername: '/account-setup/username',
  accountSetupPassword: '/account-setup/password',
  accountSetupEmail: '/account-setup/email',
  accountSetupUsernameTaken: '/account-setup/username-taken',
  accountSetupPhone: '/account-setup/phone',
  whatsNew: '/whats-new',
  mfa: '/mfa',
  mfaVerification: '/mfa-verification',
  updateEmail: '/update-email',
  updatePhone: '/update-phone',
  profileUpdatePhone: '/profile-update-phone',
  outerMfaVerification: '/outer-mfa-verification',
  profileMfaVerification: '/profile-mfa-verification',
  sessionExpired: '/session-expired',
  trusteeSigningVerification: '/trusteeSigningVerification',
  verifyUserInvite: '/verifyUserInvite',
  verifyAdvisorInvite: '/verifyAdvisorInvite',
  emailVerification: '/emailVerification',
  verification: '/verification',
  verifyAccountMapping: '/verifyAccountMapping',
  totpSetup: '/totp-setup',
  qrCode: '/qr-code',
  authApp: '/auth-app',
  authCode: '/auth-code',
  /** The profile's passkeys and recovery codes (this contract's extension, not the spec's). */
  profileSecurity: '/profile-security',
  /** The offer of a passkey after a password sign-in (this contract's extension, not the spec's). */
  passkeyOffer: '/passkey-offer',
  /** The redirect target on HTTP 401: ends up on the sign-in form. */
  login: '/login',
} as const;

export type PortalPath = (typeof paths)[keyof typeof paths];
