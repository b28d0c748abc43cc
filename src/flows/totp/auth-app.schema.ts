import { z } from 'zod';
import { verifyTotpRegistrationBody } from '../../../generated/zod/totp/totp.zod';

/** Step 2's form: the contract's app name (at most 25 characters), optional. */
export const authAppSchema = z.object({ authAppName: verifyTotpRegistrationBody.shape.authAppName });

export type AuthAppValues = z.infer<typeof authAppSchema>;
