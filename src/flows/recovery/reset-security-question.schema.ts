import { z } from 'zod';
import { resetPasswordBodySecurityAnswerMax } from '../../../generated/zod/recovery/recovery.zod';

/** The reset's security answer: not blank (the spec's message), within the contract's length. */
export const resetAnswerSchema = z.object({
  answer: z
    .string()
    .refine((value) => value.trim() !== '', 'Security Answer is required')
    .refine((value) => value.length <= resetPasswordBodySecurityAnswerMax, 'Security Answer is too long'),
});

export type ResetAnswerValues = z.infer<typeof resetAnswerSchema>;
