/** The session's texts: the idle warning, the signed-out pages, and What's New. */
export const sessionTexts = {
  stillThere: 'Are you still there?',
  continueSession: 'Continue my session',
  loggedOutIn: ({ seconds }: { readonly seconds: number }) => `You will be logged out in ${seconds} seconds due to inactivity.`,
  /** The document title's prefix while the idle warning counts down. */
  secondsLeft: ({ seconds }: { readonly seconds: number }) => `${seconds} seconds left`,
  tapToContinue: 'Tap anywhere on the screen to continue your session.',
  clickToContinue: 'Click anywhere to continue your session.',

  loggedOutHeading: "You've successfully logged out",
  surveyRequest: 'Would you take a minute to tell us how we are doing? Your answers help us improve your experience.',
  takeSurvey: 'Take the survey',
  noThanks: 'No, thanks',

  sessionExpiredHeading: 'You have been logged out',
  sessionExpired: 'This may be due to a long period of inactivity or you may have logged out of your account on another page.',
  signIn: 'Sign In',

  back: 'Back',
  whatsNew: "What's New",
  loadingUpdates: 'Loading the latest updates…',
  updatesNotLoaded: 'The updates could not be loaded. Please try again later.',
  noUpdates: 'There are no updates right now.',
} as const;
