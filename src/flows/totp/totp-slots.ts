import { registerTotpResponseDataUriRegExp } from '../../../generated/zod/totp/totp.zod';
import { AUTH_APP_NAME_MAX } from '../../lib/constants';
import { sessionSlot } from '../../lib/session-storage';

/*
 * The authenticator-app set-up's session keys (spec section 3): the registered uri the QR code
 * shows, the app's name, and how the set-up ended, which the profile phone-update page reads.
 */

/** The `otpauth://` uri of the registration; only a value the contract accepts reads back. */
export const qrCodeUriSlot = sessionSlot<string>(
  'qrCodeUri',
  (raw) => (registerTotpResponseDataUriRegExp.test(raw) ? raw : null),
  (value) => value,
);

/** The name the user gave the app (at most 25 characters). */
export const authAppNameSlot = sessionSlot<string>(
  'authAppName',
  (raw) => (raw.length <= AUTH_APP_NAME_MAX ? raw : null),
  (value) => value,
);

/** Whether the set-up verified its first code (true) or failed otherwise (false). */
export const totpSetupSuccessSlot = sessionSlot<boolean>(
  'isTotpSetupSuccess',
  (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  String,
);
