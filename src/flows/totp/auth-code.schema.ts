import type { z } from 'zod';
import { verifyTotpRegistrationBody } from '../../../generated/zod/totp/totp.zod';

/** Step 3's form: the app's first code, as the contract takes it (digits only, at most 6). */
export const authCodeSchema = verifyTotpRegistrationBody.pick({ code: true });

export type AuthCodeValues = z.infer<typeof authCodeSchema>;
