import { USER_ID_PATTERN } from '../../lib/session-storage';
import { sessionSlot } from '../../lib/session-writes';

/*
 * Who said "Not now" to the passkey offer on this device (this contract's extension), in local
 * storage so it outlives the session: the user ids, at most 20 (a family computer). Anything else
 * found there reads as no one.
 */
const declined = sessionSlot(
  'passkeyOfferDeclined',
  (raw) => {
    const users = raw.split(' ');
    return users.every((user) => USER_ID_PATTERN.test(user)) ? users : null;
  },
  (users: readonly string[]) => users.join(' '),
  'local',
);

export function hasDeclinedPasskeyOffer(userId: string): boolean {
  return declined.read()?.includes(userId) ?? false;
}

export function declinePasskeyOffer(userId: string): void {
  declined.write([userId, ...(declined.read() ?? []).filter((user) => user !== userId)].slice(0, 20));
}
