import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/** The texts of the page shown instead of the portal when its configuration is missing or bad. */
export const configErrorTexts = catalogue({
  heading: msg`Sign in is not available`,
  explanation: msg`This site is not set up correctly, so the sign-in page cannot start. Please try again later, or contact customer support if the issue persists.`,
  forOperators: msg`For the site's operators, what is wrong in its configuration:`,
  /** Names a problem of the configuration as a whole, which no key names. */
  wholeConfiguration: msg`the configuration`,
});

await areaLoaded('config-error');
