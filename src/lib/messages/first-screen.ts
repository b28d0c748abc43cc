import { msg, select } from '@lingui/core/macro';
import { catalogue } from '../i18n/catalogue';
import { pluralCategory } from '../i18n/locale';

/**
 * The first screen's texts: the frame of every page, the sign-in page and its shell, the banners,
 * and the internal-error notification a failed call shows. The first screen carries this module,
 * so it holds nothing else.
 */
export const firstScreenTexts = catalogue({
  /** The document title until branding names the brand, and the default logo's name. */
  appName: msg`Sign In`,
  skipToMain: msg`Skip to main content`,
  loading: msg`Loading…`,
  loadingBar: msg`Loading`,
  dismissNotification: msg`Dismiss notification`,
  /** The customer-service number with its extension. */
  phoneWithExtension: ({ phone, extension }: { readonly phone: string; readonly extension: string }) => msg`${phone} ext. ${extension}`,
  showPassword: msg`Show password`,
  hidePassword: msg`Hide password`,

  screenFailedHeading: msg`Something went wrong`,
  screenFailed: msg`This page could not be shown. Please try again later, or contact customer support if the issue persists.`,
  goToSignIn: msg`Go to Sign In`,

  cookieNotice: msg`Cookie notice`,
  cookieText: msg`This site uses cookies that are needed to sign you in and keep your session secure. By continuing to use this site, you accept their use.`,
  acceptCookies: msg`Accept cookies`,

  latestUpdate: msg`Latest update`,
  updateOn: ({ date }: { readonly date: string }) => msg`Update ${date}`,
  /** A choice by the count's plural category, not Lingui's `plural` (see `pluralCategory`). */
  newUpdates: ({ count }: { readonly count: number }) => {
    const category = pluralCategory(count);
    return msg`${select(category, { one: `${count} new update!`, other: `${count} new updates!` })}`;
  },
  seeWhatsNew: msg`See What's New`,

  troubleSigningIn: msg`Having trouble signing in?`,
  createAccount: msg`Create Your Account`,
  benefitsHeading: msg`Why create an online account?`,
  benefitStatements: msg`No more waiting for statements: see your balance whenever you like.`,
  benefitUpdates: msg`Quickly update your account details and investment funds.`,
  benefitTools: msg`Plan ahead with retirement tools.`,

  signInHeading: msg`Sign in to your 401(k) account`,
  username: msg`Username`,
  password: msg`Password`,
  signIn: msg`Sign In`,
  usernameRequired: msg`Username is required`,
  passwordRequired: msg`Password is required`,

  internalErrorTitle: msg`An internal error has occurred while processing your request`,
  internalErrorMessage: msg`Please try again later, or contact customer support if the issue persists.`,
});
