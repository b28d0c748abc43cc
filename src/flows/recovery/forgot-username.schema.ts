import { z } from 'zod';
import { retrieveUsernameBody } from '../../../generated/zod/recovery/recovery.zod';

const contractEmail = retrieveUsernameBody.shape.email;

/**
 * The forgotten-username form: the contract's role and email rules (at most 50 characters, a 2
 * to 4 letter suffix) with the spec's messages; the captcha is checked apart.
 */
export const forgotUsernameSchema = z.object({
  role: retrieveUsernameBody.shape.role.nullable().refine((role) => role !== null, 'Role is required.'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email to continue.')
    .refine((email) => contractEmail.safeParse(email).success, 'Please enter a valid email address.'),
});

export type ForgotUsernameInput = z.input<typeof forgotUsernameSchema>;
export type ForgotUsernameValues = z.output<typeof forgotUsernameSchema>;
