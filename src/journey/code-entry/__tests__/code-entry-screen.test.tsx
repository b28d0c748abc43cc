import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationArea } from '../../../components/ui/notification-area';
import { ApiError } from '../../../../gateway-client/api-error';
import { errorToast } from '../../../lib/api/error-catalogue';
import { clearNotifications } from '../../../lib/notifications';
import { jsonResponse, renderRoute } from '../../../testing/render';
import type { CodeEntryStep } from '../../journey';
import { endJourney } from '../../journey-store';
import { CodeEntryScreen, type CodeEntryScreenProps } from '../code-entry-screen';

const brand = {
  '/login-gateway/public/branding/brand': () => jsonResponse({ brandName: 'B', contactInfo: { supportPhone: '800-555-0100' } }),
};

/** A code that followed a choice of method: Back returns to the choice. */
const step: CodeEntryStep = {
  name: 'code-entry',
  code: { for: 'profile-app' },
  back: { name: 'method-choice', attempt: { kind: 'reset', reset: { username: 'ana', captcha: 'c', methods: [] } }, back: null },
};

function data(overrides: Partial<CodeEntryScreenProps> = {}): CodeEntryScreenProps {
  return {
    step,
    method: { type: 'sms', contactInfo: '5555551234' },
    methodCount: 3,
    verify: vi.fn(async () => {}),
    resend: vi.fn(async () => {}),
    failure: errorToast('Unable to verify phone'),
    ...overrides,
  };
}

function renderWith(props: CodeEntryScreenProps) {
  return renderRoute(<CodeEntryScreen {...props} />, { path: '/mfa-verification', gateway: brand });
}

afterEach(() => {
  act(() => clearNotifications());
  endJourney();
  vi.useRealTimers();
});

describe('CodeEntryScreen', () => {
  it('says where the code went, masked, and keeps Continue disabled until a code is typed', () => {
    renderWith(data());
    expect(screen.getByRole('heading', { name: 'Enter the code' })).toBeInTheDocument();
    expect(screen.getByText('We sent a code by text message to ***-***-1234.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeUnavailable();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12x' } });
    expect(screen.getByLabelText('Code')).toHaveValue('12');
    expect(button).not.toBeUnavailable();
  });

  it('reads Back with several methods and Cancel with one', () => {
    renderWith(data());
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/mfa');
  });

  it('reads Cancel with one method', () => {
    renderWith(data({ methodCount: 1, step: { ...step, back: null } }));
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
  });

  it('takes up to 6 digits on every channel, two-method phone flows included', () => {
    renderWith(data({ method: { type: 'call', contactInfo: '5555551234' }, methodCount: 2 }));
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('maxlength', '6');
    fireEvent.change(code, { target: { value: '12345678' } });
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows no step header outside account setup', () => {
    renderWith(data());
    expect(screen.queryByText(/Create Account: Step/)).not.toBeInTheDocument();
  });

  it("shows account setup's step header above the heading, which it describes", () => {
    renderWith(data({ setupStep: 4 }));
    expect(screen.getByText('Create Account: Step 4 of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter the code' })).toHaveAccessibleDescription('Create Account: Step 4 of 7');
  });

  it('offers a new code after 60 seconds, and restarts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
    const verification = data();
    renderWith(verification);
    expect(screen.getByText('You can request a new code in 60 seconds.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('You can request a new code in 1 second.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await act(async () => {});
    expect(verification.resend).toHaveBeenCalledOnce();
    expect(screen.getByText('You can request a new code in 60 seconds.')).toBeInTheDocument();
    // The button went with the countdown: focus is where the new code goes, not on <body>.
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('offers no new code for an authenticator app', () => {
    const { resend: _resend, ...rest } = data({ method: { type: 'totp', contactInfo: 'My app' } });
    renderWith(rest);
    expect(screen.getByText('Enter the code shown in your authenticator app (My app).')).toBeInTheDocument();
    expect(screen.queryByText(/request a new code/)).not.toBeInTheDocument();
  });

  it('a refused code empties the field and puts the focus back in it, with the button pressed unavailable until a new code', async () => {
    const refused = new ApiError({
      kind: 'business',
      method: 'POST',
      path: '/x',
      errors: [{ code: 'MFAERR01', description: 'Not valid' }],
    });
    renderWith(data({ verify: vi.fn(async () => Promise.reject(refused)) }));
    render(<NotificationArea />);
    const field = screen.getByLabelText('Code');
    fireEvent.change(field, { target: { value: '123456' } });
    const button = screen.getByRole('button', { name: 'Continue' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('The code is not valid, please try again')).toBeInTheDocument();
    // The notification's area and the form draw separately: the emptied field may come a turn later.
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).toHaveFocus();
    expect(button).toBeUnavailable();
  });

  it('shows a lockout under the form with the customer-service number', async () => {
    const lockout = new ApiError({
      kind: 'business',
      method: 'POST',
      path: '/x',
      errors: [{ code: 'MFAERR02', description: 'You have exceeded the maximum number of attempts.' }],
    });
    const verification = data({ verify: vi.fn(async () => Promise.reject(lockout)) });
    renderWith(verification);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have exceeded the maximum number of attempts.');
    await waitFor(() => expect(alert).toHaveTextContent('800-555-0100'));
    expect(screen.queryByText('Unable to verify phone')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeUnavailable();
  });

  it.each([
    [
      'a refused code says it is not valid',
      { kind: 'business', errors: [{ code: 'X', description: 'Nope' }] },
      'The code is not valid, please try again',
    ],
    ["any other failure shows the flow's own notification", { kind: 'http', status: 500, errors: [] }, 'Unable to verify phone'],
  ] as const)('%s, and empties the field', async (_, failure, text) => {
    const refused = new ApiError({ method: 'POST', path: '/x', ...failure });
    renderWith(data({ verify: vi.fn(async () => Promise.reject(refused)) }));
    render(<NotificationArea />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    // The field empties in the render that follows, which a busy machine may not have reached yet.
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveValue(''));
  });
});
