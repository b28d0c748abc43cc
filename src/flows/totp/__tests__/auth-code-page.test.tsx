import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, throttledResponse } from '../../../testing/render';
import { totpSetupSuccessSlot } from '../totp-slots';
import { AuthCodePage } from '../auth-code-page';

const VERIFY = '/login-gateway/totp/verifyUserRegistration';
const INVALID = 'This code is not valid. Please check your app and try again.';

beforeAll(async () => {
  // The API client loads response schemas lazily: load this one now, so no wait depends on a cold module.
  await import('../../../../generated/zod/totp/totp.zod');
});

function renderWith(answer: () => Response) {
  const bodies: unknown[] = [];
  const result = renderRoute(<AuthCodePage />, {
    path: '/auth-code',
    gateway: {
      [VERIFY]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return answer();
      },
    },
  });
  return { ...result, bodies };
}

describe('AuthCodePage', () => {
  it('keeps Validate code disabled until a digit is typed, and sends the code once however often it is pressed', async () => {
    const { bodies } = renderWith(() => jsonResponse({ errors: [] }));
    const validate = screen.getByRole('button', { name: 'Validate code' });
    expect(validate).toBeUnavailable();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12x3456' } });
    expect(validate).not.toBeUnavailable();
    fireEvent.click(validate);
    fireEvent.click(validate);
    fireEvent.submit(validate);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile-update-phone'));
    expect(bodies).toEqual([{ code: '123456', authAppName: 'Authenticator app' }]);
  });

  it('shows a refused code inline until the field is focused again', async () => {
    renderWith(() => jsonResponse({ errors: [{ code: 'TOTPERR01', description: 'The code is not valid, please try again.' }] }));
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth-code');
    fireEvent.focus(screen.getByRole('button', { name: 'Validate code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    fireEvent.focus(code);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a 429 is the wait, not a failed set-up: it stays, the code kept, Validate code usable again', async () => {
    const { bodies } = renderWith(() => throttledResponse());
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 5 minutes.');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth-code');
    expect(code).toHaveValue('123456');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    expect(totpSetupSuccessSlot.read()).toBeNull();
    const validate = screen.getByRole('button', { name: 'Validate code' });
    await waitFor(() => expect(validate).not.toBeUnavailable());
    fireEvent.click(validate);
    await waitFor(() => expect(bodies).toHaveLength(2));
  });
});
