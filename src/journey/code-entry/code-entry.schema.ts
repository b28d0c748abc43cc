import type { z } from 'zod';
import { verifyMfaCodeBody } from '../../../generated/zod/mfa/mfa.zod';

/**
 * A one-time code as the contract takes it: digits only, at most 6. Every call that checks a
 * code (verifyMfaCode; authenticate's `twilioMfaCode`; resetPassword's `mfaCode`) has the same
 * pattern, so the code form has one schema whatever the code proves.
 */
export const codeEntrySchema = verifyMfaCodeBody.pick({ code: true });

export type CodeEntryValues = z.infer<typeof codeEntrySchema>;
