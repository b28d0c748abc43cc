import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { EmailRequest } from '../../../generated/models/emailRequest';
import { updateEmailBody } from '../../../generated/zod/profile/profile.zod';
import { TextField } from '../ui/text-field';
import { commonTexts } from '../../lib/messages/common';

const contractEmail = updateEmailBody.shape.email;
/** The most characters before the `@` the contract's email rule accepts (the spec's generic rule). */
const LOCAL_PART_MAX = 64;

/**
 * A new email address, in account setup's step 3 and the profile's email update: the contract's
 * rule (its pattern: at most 64 characters before the `@`, at most 200 in all) decides; the
 * message says what to fix when the part before the `@` is too long.
 */
export const emailAddressSchema = z.object({
  email: z.string().superRefine((email, context) => {
    if (contractEmail.safeParse(email).success) return;
    const tooLong = email.lastIndexOf('@') > LOCAL_PART_MAX;
    context.addIssue({ code: 'custom', message: tooLong ? commonTexts.emailLocalPartTooLong : commonTexts.emailInvalid });
  }),
});

/** The email address field of a form built on `emailAddressSchema`, with the message its rule gives. */
export function EmailAddressField({ form }: { readonly form: UseFormReturn<EmailRequest> }) {
  return (
    <TextField
      label={commonTexts.emailAddress}
      type="email"
      autoComplete="email"
      maxLength={200}
      error={form.formState.errors.email?.message}
      {...form.register('email', { onChange: () => form.clearErrors('email') })}
    />
  );
}
