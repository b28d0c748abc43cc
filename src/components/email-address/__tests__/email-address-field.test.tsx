import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type { EmailRequest } from '../../../../generated/models/emailRequest';
import { commonTexts } from '../../../lib/messages/common';
import { EmailAddressField, emailAddressSchema } from '../email-address-field';

function EmailForm({ onValid }: { readonly onValid: (values: EmailRequest) => void }) {
  const form = useForm<EmailRequest>({ resolver: zodResolver(emailAddressSchema), defaultValues: { email: '' } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <EmailAddressField form={form} />
      <button type="submit">Continue</button>
    </form>
  );
}

async function submit(address: string) {
  const onValid = vi.fn();
  const { unmount } = render(<EmailForm onValid={onValid} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), address);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return { onValid, unmount };
}

describe('the email address field', () => {
  it('takes an address the contract accepts, an internationalised suffix and a 64-character name included', async () => {
    for (const address of ['jane.smith@example.com', 'jane@example.xn--p1ai', `${'a'.repeat(64)}@example.com`]) {
      const { onValid, unmount } = await submit(address);
      expect(onValid).toHaveBeenCalledWith({ email: address }, expect.anything());
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });

  it('says the part before the @ is too long at 65 characters, and sends nothing', async () => {
    const { onValid } = await submit(`${'a'.repeat(65)}@example.com`);
    expect(onValid).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent(commonTexts.emailLocalPartTooLong);
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the spec's message for an address that is not valid", async () => {
    const { onValid } = await submit('jane@@example.com');
    expect(onValid).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });
});
