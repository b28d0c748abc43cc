import { z } from 'zod';
import { validateUsernameQueryParams, validateUsernameQueryUsernameMax } from '../../../generated/zod/account-setup/account-setup.zod';
import { accountSetupTexts } from '../../lib/messages/account-setup';

/** The contract's `Username` rule (4 to 16 letters and digits, starting with a letter). */
const contractUsername = validateUsernameQueryParams.shape.username;

export const USERNAME_MAX = validateUsernameQueryUsernameMax;

/**
 * A username chosen during account setup: trimmed, required, then the contract's rule (the
 * generated schema decides; the message is the screen's).
 */
export const usernameSchema = z.object({
  username: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => accountSetupTexts.usernameRequired })
        .refine((value) => contractUsername.safeParse(value).success, { error: () => accountSetupTexts.usernameRule }),
    ),
});

export type UsernameInput = z.input<typeof usernameSchema>;
export type UsernameValues = z.output<typeof usernameSchema>;
