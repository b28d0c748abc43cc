import { z } from 'zod';
import { changePasswordWithTokenBody } from '../../../generated/zod/recovery/recovery.zod';
import { commonTexts } from '../../lib/messages/common';

/**
 * A new password and its confirmation: the contract's `Password` rules (the generated schema),
 * and, in the UI only, that both entries match. The live checklist shows each rule.
 */
export const newPasswordSchema = z
  .object({ password: changePasswordWithTokenBody.shape.newPassword, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], error: () => commonTexts.passwordsMustMatch });

export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
