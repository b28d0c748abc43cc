import { passkeyTexts } from '../messages/passkeys';
import { deviceOf } from './ceremony';

/**
 * A name for a passkey made on this device, in the page's language, from what the browser says
 * of itself ("Chrome on Windows"): the user may change it. Falls back to "This device".
 */
export function deviceName(userAgent: string = navigator.userAgent): string {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return passkeyTexts.deviceName({ browser, system });
  return browser ?? system ?? passkeyTexts.thisDevice;
}
