import { z } from 'zod';
import { getMfaUserBody } from '../../../generated/zod/recovery/recovery.zod';
import { recoveryTexts } from '../../lib/messages/recovery';

/** The reset's first step: the contract's username rules, with the spec's message when it is blank. */
export const resetUsernameSchema = z.object({
  username: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => recoveryTexts.usernameRequired })
        .pipe(getMfaUserBody.shape.username),
    ),
});

export type ResetUsernameInput = z.input<typeof resetUsernameSchema>;
export type ResetUsernameValues = z.output<typeof resetUsernameSchema>;
