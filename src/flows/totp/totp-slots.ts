import { verifyTotpRegistrationBodyAuthAppNameMax } from '../../../generated/zod/totp/totp.zod';
import { sessionSlot } from '../../lib/session-writes';

/*
 * The authenticator-app set-up's session keys (spec section 3): the app's name, and how the
 * set-up ended, which the profile phone-update page reads. The registration's uri (the spec's
 * `qrCodeUri`) is not among them: it carries the app's secret, so it stays in memory while the
 * set-up's screens are open (totp-registration.tsx).
 */

/** The name the user gave the app (at most 25 characters). */
export const authAppNameSlot = sessionSlot<string>(
  'authAppName',
  (raw) => (raw.length <= verifyTotpRegistrationBodyAuthAppNameMax ? raw : null),
  (value) => value,
);

/** Whether the set-up verified its first code (true) or failed otherwise (false). */
export const totpSetupSuccessSlot = sessionSlot<boolean>(
  'isTotpSetupSuccess',
  (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  String,
);
