import { updateEmailBody } from '../../../generated/zod/profile/profile.zod';

/** A new email address: the contract's rules (a valid address of at most 200 characters). */
export const updateEmailSchema = updateEmailBody;
