import { z } from 'zod';
import { retrieveUsernameBody } from '../../../generated/zod/recovery/recovery.zod';
import { recoveryTexts } from '../../lib/messages/recovery';

const contractEmail = retrieveUsernameBody.shape.email;

/**
 * The forgotten-username form: the contract's role and email rules (at most 50 characters, a 2
 * to 4 letter suffix) with the spec's messages; the captcha is checked apart.
 */
export const forgotUsernameSchema = z.object({
  role: retrieveUsernameBody.shape.role.nullable().refine((role) => role !== null, { error: () => recoveryTexts.roleRequired }),
  email: z
    .string()
    .trim()
    .min(1, { error: () => recoveryTexts.emailRequired })
    .refine((email) => contractEmail.safeParse(email).success, { error: () => recoveryTexts.emailInvalid }),
});

export type ForgotUsernameInput = z.input<typeof forgotUsernameSchema>;
export type ForgotUsernameValues = z.output<typeof forgotUsernameSchema>;
