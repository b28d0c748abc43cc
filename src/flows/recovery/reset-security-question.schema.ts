import { z } from 'zod';
import { resetPasswordBodySecurityAnswerMax } from '../../../generated/zod/recovery/recovery.zod';
import { recoveryTexts } from '../../lib/messages/recovery';

/** The reset's security answer: not blank (the spec's message), within the contract's length. */
export const resetAnswerSchema = z.object({
  answer: z
    .string()
    .refine((value) => value.trim() !== '', { error: () => recoveryTexts.securityAnswerRequired })
    .refine((value) => value.length <= resetPasswordBodySecurityAnswerMax, { error: () => recoveryTexts.securityAnswerTooLong }),
});

export type ResetAnswerValues = z.infer<typeof resetAnswerSchema>;
