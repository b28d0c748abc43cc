/**
 * The first screen's texts: the frame of every page, the sign-in page and its shell, the banners,
 * and the internal-error notification a failed call shows. The first screen carries this module,
 * so it holds nothing else.
 */
export const firstScreenTexts = {
  /** The document title until branding names the brand, and the default logo's name. */
  appName: 'Sign In',
  skipToMain: 'Skip to main content',
  loading: 'Loading…',
  loadingBar: 'Loading',
  dismissNotification: 'Dismiss notification',
  /** The customer-service number with its extension. */
  phoneWithExtension: ({ phone, extension }: { readonly phone: string; readonly extension: string }) => `${phone} ext. ${extension}`,
  showPassword: 'Show password',
  hidePassword: 'Hide password',

  screenFailedHeading: 'Something went wrong',
  screenFailed: 'This page could not be shown. Please try again later, or contact customer support if the issue persists.',
  goToSignIn: 'Go to Sign In',

  cookieNotice: 'Cookie notice',
  cookieText:
    'This site uses cookies that are needed to sign you in and keep your session secure. By continuing to use this site, you accept their use.',
  acceptCookies: 'Accept cookies',

  latestUpdate: 'Latest update',
  updateOn: ({ date }: { readonly date: string }) => `Update ${date}`,
  newUpdates: ({ count }: { readonly count: number }) => `${count} new update${count === 1 ? '' : 's'}!`,
  seeWhatsNew: "See What's New",

  troubleSigningIn: 'Having trouble signing in?',
  createAccount: 'Create Your Account',
  benefitsHeading: 'Why create an online account?',
  benefitStatements: 'No more waiting for statements: see your balance whenever you like.',
  benefitUpdates: 'Quickly update your account details and investment funds.',
  benefitTools: 'Plan ahead with retirement tools.',

  signInHeading: 'Sign in to your 401(k) account',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',

  internalErrorTitle: 'An internal error has occurred while processing your request',
  internalErrorMessage: 'Please try again later, or contact customer support if the issue persists.',
} as const;
