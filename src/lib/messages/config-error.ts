/** The texts of the page shown instead of the portal when its configuration is missing or bad. */
export const configErrorTexts = {
  heading: 'Sign in is not available',
  explanation:
    'This site is not set up correctly, so the sign-in page cannot start. Please try again later, or contact customer support if the issue persists.',
  forOperators: "For the site's operators, what is wrong in its configuration:",
  /** Names a problem of the configuration as a whole, which no key names. */
  wholeConfiguration: 'the configuration',
} as const;
