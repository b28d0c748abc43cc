import { updateEmailBody } from '../../../generated/zod/profile/profile.zod';

/** Step 3's email address: the contract's rules (a valid address of at most 200 characters). */
export const setupEmailSchema = updateEmailBody;
