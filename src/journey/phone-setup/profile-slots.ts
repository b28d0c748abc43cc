import { type SlotKey } from '../../lib/session-storage';
import { sessionSlot } from '../../lib/session-writes';

/*
 * The profile flows' session keys (spec section 3), each a true/false flag: whether the user
 * verified their authenticator app's code in this session, whether a phone update comes from
 * the profile, and the success flags the profile app reads when the user returns to it.
 */

const flag = (key: SlotKey) => sessionSlot<boolean>(key, (raw) => (raw === 'true' ? true : raw === 'false' ? false : null), String);

/** The user verified their authenticator app's code before updating the phone. */
export const totpVerifiedSlot = flag('isTotpVerified');
/** The phone is being updated from the profile (not set up at sign-in). */
export const profileUpdatePhoneSlot = flag('profileUpdatePhone');
/** The authenticator app was removed: the profile app says so. */
export const totpDeviceRemovedSlot = flag('showTotpDeviceRemovedSuccess');
/** The email route verified the user: the profile app says so. */
export const successVerificationSlot = flag('showSuccessVerification');
