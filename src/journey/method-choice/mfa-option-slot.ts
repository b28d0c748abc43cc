import { z } from 'zod';
import { requestUserMfaCodeBody } from '../../../generated/zod/mfa/mfa.zod';
import { verifyTotpRegistrationBodyAuthAppNameMax } from '../../../generated/zod/totp/totp.zod';
import { sessionSlot } from '../../lib/session-writes';

/** The one-time-code method the user chose (the spec's `mfaOptionType`: JSON with type and authAppName). */
const storedMfaOption = z.object({
  type: requestUserMfaCodeBody.shape.type,
  authAppName: z
    .string()
    .transform((name) => name.slice(0, verifyTotpRegistrationBodyAuthAppNameMax))
    .optional()
    .catch(undefined),
});

type StoredMfaOption = z.input<typeof storedMfaOption>;

function parseMfaOption(raw: string): StoredMfaOption | null {
  try {
    const { type, authAppName } = storedMfaOption.parse(JSON.parse(raw));
    return authAppName === undefined ? { type } : { type, authAppName };
  } catch {
    return null;
  }
}

/** Written once a code is on its way, for the site's other applications. */
export const mfaOptionTypeSlot = sessionSlot<StoredMfaOption>('mfaOptionType', parseMfaOption, JSON.stringify);
