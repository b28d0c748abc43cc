import { z } from 'zod';

/** The security-question form: an answer (not blank) and whether to remember this computer. */
export const securityQuestionSchema = z.object({
  answer: z.string().max(256, 'Security Answer is too long').refine((value) => value.trim() !== '', 'Security Answer is required'),
  rememberComputer: z.boolean(),
});

export type SecurityQuestionValues = z.infer<typeof securityQuestionSchema>;
