import { z } from 'zod';
import { finishPasskeyRegistrationBody, finishPasskeyRegistrationBodyNameMax } from '../../../generated/zod/profile/profile.zod';
import { passkeyTexts } from '../../lib/messages/passkeys';

const contractName = finishPasskeyRegistrationBody.shape.name;

/**
 * A passkey's name, for adding and renaming one: the contract's rule (1 to 64 characters, not
 * only spaces, no control characters) with the portal's messages. Spaces around the name are
 * dropped first, a UI choice: nobody means them.
 */
export const passkeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .refine((name) => name !== '', { error: () => passkeyTexts.nameRequired, abort: true })
    .refine((name) => name.length <= finishPasskeyRegistrationBodyNameMax, { error: () => passkeyTexts.nameTooLong, abort: true })
    .refine((name) => contractName.safeParse(name).success, { error: () => passkeyTexts.nameNotValid }),
});

export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;
export type PasskeyNameValues = z.output<typeof passkeyNameSchema>;
