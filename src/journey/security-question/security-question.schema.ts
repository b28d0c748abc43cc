import { z } from 'zod';
import { authenticateHeaderSecurityanswerMax } from '../../../generated/zod/sign-in/sign-in.zod';

/**
 * The security-question form: an answer (not blank) and whether to remember this computer. The
 * answer travels percent-encoded in the contract's `Securityanswer` header, so the contract's
 * length limit applies to the encoded form.
 */
export const securityQuestionSchema = z.object({
  answer: z
    .string()
    .refine((value) => value.trim() !== '', 'Security Answer is required')
    .refine((value) => encodeURIComponent(value).length <= authenticateHeaderSecurityanswerMax, 'Security Answer is too long'),
  rememberComputer: z.boolean(),
});

export type SecurityQuestionValues = z.infer<typeof securityQuestionSchema>;
