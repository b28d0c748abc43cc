import { msg, plural } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** The session's texts: the idle warning, the signed-out pages, and What's New. */
export const sessionTexts = catalogue({
  stillThere: msg`Are you still there?`,
  continueSession: msg`Continue my session`,
  loggedOutIn: ({ seconds }: { readonly seconds: number }) =>
    msg`${plural(seconds, { one: 'You will be logged out in # second due to inactivity.', other: 'You will be logged out in # seconds due to inactivity.' })}`,
  /** The document title's prefix while the idle warning counts down. */
  secondsLeft: ({ seconds }: { readonly seconds: number }) => msg`${plural(seconds, { one: '# second left', other: '# seconds left' })}`,
  tapToContinue: msg`Tap anywhere on the screen to continue your session.`,
  clickToContinue: msg`Click anywhere to continue your session.`,

  loggedOutHeading: msg`You've successfully logged out`,
  surveyRequest: msg`Would you take a minute to tell us how we are doing? Your answers help us improve your experience.`,
  takeSurvey: msg`Take the survey`,
  noThanks: msg`No, thanks`,

  sessionExpiredHeading: msg`You have been logged out`,
  sessionExpired: msg`This may be due to a long period of inactivity or you may have logged out of your account on another page.`,
  signIn: msg`Sign In`,

  back: msg`Back`,
  whatsNew: msg`What's New`,
  loadingUpdates: msg`Loading the latest updates…`,
  updatesNotLoaded: msg`The updates could not be loaded. Please try again later.`,
  noUpdates: msg`There are no updates right now.`,
});

await areaLoaded('session');
