import { z } from 'zod';
import { requestUserMfaCodeBody } from '../../../generated/zod/mfa/mfa.zod';

/** How the code reaches the new phone: the contract's code types a phone takes, text message or voice call. */
export const phoneMethodSchema = z.object({ method: requestUserMfaCodeBody.shape.type.extract(['sms', 'call']) });

export type PhoneMethodValues = z.infer<typeof phoneMethodSchema>;
