import type { UseFormReturn } from 'react-hook-form';
import type { EmailRequest } from '../../../generated/models/emailRequest';
import { updateEmailBody } from '../../../generated/zod/profile/profile.zod';
import { TextField } from '../ui/text-field';

/**
 * A new email address, in account setup's step 3 and the profile's email update: the contract's
 * rules (a valid address of at most 200 characters).
 */
export const emailAddressSchema = updateEmailBody;

/** The email address field of a form built on `emailAddressSchema`, with the spec's one message. */
export function EmailAddressField({ form }: { readonly form: UseFormReturn<EmailRequest> }) {
  return (
    <TextField
      label="Email address"
      type="email"
      autoComplete="email"
      maxLength={200}
      error={form.formState.errors.email ? 'Please enter a valid email address.' : undefined}
      {...form.register('email', { onChange: () => form.clearErrors('email') })}
    />
  );
}
