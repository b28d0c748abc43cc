import { z } from 'zod';
import { authenticateHeaderSecurityanswerMax } from '../../../generated/zod/sign-in/sign-in.zod';
import { journeyTexts } from '../../lib/messages/journey';

/**
 * The security-question form: an answer (not blank) and whether to remember this computer. The
 * answer travels percent-encoded in the contract's `Securityanswer` header, so the contract's
 * length limit applies to the encoded form.
 */
export const securityQuestionSchema = z.object({
  answer: z
    .string()
    .refine((value) => value.trim() !== '', { error: () => journeyTexts.securityAnswerRequired })
    .refine((value) => encodeURIComponent(value).length <= authenticateHeaderSecurityanswerMax, {
      error: () => journeyTexts.securityAnswerTooLong,
    }),
  rememberComputer: z.boolean(),
});

export type SecurityQuestionValues = z.infer<typeof securityQuestionSchema>;
