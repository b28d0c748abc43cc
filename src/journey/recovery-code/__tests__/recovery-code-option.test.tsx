import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationArea } from '../../../components/ui/notification-area';
import * as location from '../../../lib/browser-location';
import { clearNotifications } from '../../../lib/notifications';
import { recoveryCodeTexts } from '../../../lib/messages/passkeys';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { CodeEntryPage } from '../../code-entry/code-entry-page';
import { signInOf, type CodeEntryStep, type Step } from '../../journey';
import { currentStep, endJourney } from '../../journey-store';
import { RequireStep } from '../../require-step';
import { reach } from '../../__tests__/journey-steps';

const RECOVERY_CALL = '/login-gateway/authentication/recovery-code';
const signIn = signInOf('ana', 'pä:ss word');

const credentials: Step = { name: 'credentials', signIn, back: null };
const choice: Step = { name: 'method-choice', attempt: { kind: 'sign-in', signIn }, back: credentials };
const signInCode: CodeEntryStep = {
  name: 'code-entry',
  code: { for: 'sign-in', signIn, method: { type: 'sms', contactInfo: '5555551234' }, methodCount: 3 },
  back: choice,
};

/** What the landing asks after a sign-in that leads to the participant dashboard. */
const landing = {
  '/login-gateway/public/profile/mfa-options': () => jsonResponse({ data: { options: [{ type: 'sms', contactInfo: '5555551234' }] } }),
  '/login-gateway/userLandingUrl': () => jsonResponse({ data: { url: '/participant', externalUrl: false } }),
  '/login-gateway/skipEnrollmentSteps': () => jsonResponse({ data: { skipEnrollmentSteps: true } }),
  '/login-gateway/profile/optionChoice': () => jsonResponse({ data: { optionType: 190, active: true, optionValues: { isActive: true } } }),
  '/login-gateway/user/7/profile/credentials': () => jsonResponse({ data: { isEmailVerified: true } }),
};

const brand = {
  '/login-gateway/public/branding/brand': () => jsonResponse({ brandName: 'B', contactInfo: { supportPhone: '800-555-0100' } }),
};

/** The code screen of a sign-in, the recovery-code call answered by `answer` (each request kept). */
function renderCodeStep(answer: () => Response | Promise<Response>, step: CodeEntryStep = signInCode) {
  const requests: RequestInit[] = [];
  const oneTimeCodes: RequestInit[] = [];
  reach(step);
  renderRoute(<CodeEntryPage />, {
    path: '/mfa-verification',
    guard: <RequireStep name="code-entry" />,
    gateway: {
      ...brand,
      ...landing,
      [RECOVERY_CALL]: (init) => {
        requests.push(init ?? {});
        return answer();
      },
      // The one-time code's check (authenticate with the code): refused, as a wrong code is.
      '/login-gateway/authentication': (init) => {
        oneTimeCodes.push(init ?? {});
        return jsonResponse({ errors: [{ code: 'MFAERR01', description: 'Code not valid' }] });
      },
    },
  });
  render(<NotificationArea />);
  return Object.assign(requests, { oneTimeCodes });
}

const recoveryField = () => screen.getByLabelText(recoveryCodeTexts.code);
const useRecoveryCode = () => fireEvent.click(screen.getByRole('button', { name: recoveryCodeTexts.useInstead }));

function submitCode(code: string) {
  fireEvent.change(recoveryField(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

/** The form's own alert saying `text` (the notification area is an alert region too). */
async function formAlert(text: string) {
  const shown = await screen.findByText(
    (_, element) => element?.classList.contains('form-error') === true && element.textContent!.includes(text),
  );
  expect(shown).toHaveAttribute('role', 'alert');
  return shown;
}

const refusal = (code: string, description: string) => () => jsonResponse({ errors: [{ code, description }] });

beforeAll(async () => {
  // The API client loads response schemas lazily: load them now, so no wait depends on a cold module.
  await Promise.all([import('../../../../generated/zod/sign-in/sign-in.zod'), import('../../landing/landing')]);
});

afterEach(() => {
  act(() => clearNotifications());
  endJourney();
  vi.restoreAllMocks();
});

describe('a recovery code at sign-in’s code step', { timeout: 20_000 }, () => {
  it('switches to its form and back, the field of the form shown taking the focus', () => {
    renderCodeStep(() => jsonResponse({}));
    expect(recoveryField()).not.toBeVisible();
    useRecoveryCode();
    expect(recoveryField()).toBeVisible();
    expect(recoveryField()).toHaveFocus();
    expect(screen.getByLabelText('Code')).not.toBeVisible();
    expect(screen.queryByText('We sent a code by text message to ***-***-1234.')).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: recoveryCodeTexts.useOneTimeCode }));
    expect(screen.getByLabelText('Code')).toBeVisible();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(recoveryField()).not.toBeVisible();
    // Screen state only: the journey's step is the same.
    expect(currentStep()).toEqual(signInCode);
  });

  it('is a field for a typed code, not a one-time code: no autofill, no capitals, no spelling', () => {
    renderCodeStep(() => jsonResponse({}));
    useRecoveryCode();
    const field = recoveryField();
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAttribute('autocapitalize', 'off');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(field).not.toHaveAttribute('inputmode');
    expect(field).toHaveAccessibleDescription(recoveryCodeTexts.codeHint);
  });

  it('is not offered when the code proves a password reset', () => {
    const reset = { username: 'ana', captcha: 'c', methods: [{ type: 'sms' as const, contactInfo: '5555551234' }] };
    renderCodeStep(() => jsonResponse({}), {
      name: 'code-entry',
      code: { for: 'reset', reset, method: reset.methods[0]! },
      back: { name: 'method-choice', attempt: { kind: 'reset', reset }, back: null },
    });
    expect(screen.getByLabelText('Code')).toBeVisible();
    expect(screen.queryByRole('button', { name: recoveryCodeTexts.useInstead })).not.toBeInTheDocument();
  });

  it('signs in with the sign-in’s basic credentials, the code and the fingerprint, once however often it is sent, then lands', async () => {
    const leave = vi.spyOn(location, 'leavePortal').mockImplementation(() => {});
    const requests = renderCodeStep(() => jsonResponse({ data: { roles: ['ROLE_PARTICIPANT'], userId: '7', token: 'tok' }, errors: [] }));
    useRecoveryCode();
    fireEvent.change(recoveryField(), { target: { value: ' RC7K-2M9Q ' } });
    const form = recoveryField().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/participant'));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(new Headers(request!.headers).get('Authorization')).toBe(signIn.authorization);
    const body = JSON.parse(String(request!.body)) as Record<string, unknown>;
    expect(body).toEqual({ recoveryCode: 'RC7K-2M9Q', fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(window.sessionStorage.getItem('token')).toBe('tok');
  });

  it('says a code is needed, or in what form, before sending anything', async () => {
    const requests = renderCodeStep(() => jsonResponse({}));
    useRecoveryCode();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(recoveryCodeTexts.required)).toBeInTheDocument();
    expect(recoveryField()).toHaveAttribute('aria-invalid', 'true');
    submitCode('rc7k');
    expect(await screen.findByText(recoveryCodeTexts.format)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['not valid (RCERR01): the code stays to be corrected', refusal('RCERR01', 'x'), recoveryCodeTexts.notValid, 'rc7k-2m9x'],
    ['already used (RCERR02): the field empties', refusal('RCERR02', 'x'), recoveryCodeTexts.used, ''],
    ['none left (RCERR03): the field empties', refusal('RCERR03', 'x'), recoveryCodeTexts.noneLeft, ''],
    [
      'a wrong password (AUERR02): the gateway’s words',
      refusal('AUERR02', 'The username or password you entered is incorrect.'),
      'The username or password you entered is incorrect.',
      'rc7k-2m9x',
    ],
    [
      'a 429: the wait, the code kept',
      () =>
        new Response(JSON.stringify({ errors: [] }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
        }),
      'Too many attempts. Try again in 5 minutes.',
      'rc7k-2m9x',
    ],
  ])('%s', async (_, answer, message, left) => {
    renderCodeStep(answer);
    useRecoveryCode();
    submitCode('rc7k-2m9x');
    await formAlert(message);
    await waitFor(() => expect(recoveryField()).toHaveValue(left));
    expect(recoveryField()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Continue' })).not.toBeUnavailable();
    // Typing again clears what was said.
    fireEvent.change(recoveryField(), { target: { value: 'rc7k-2m9q' } });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows a lockout under the form with the customer-service number, and closes the form', async () => {
    const description = 'You have exceeded the maximum number of attempts. Your account is locked for 30 minutes.';
    const requests = renderCodeStep(refusal('MFAERR02', description));
    useRecoveryCode();
    submitCode('rc7k-2m9q');
    const alert = await formAlert(description);
    await waitFor(() => expect(alert).toHaveTextContent('800-555-0100'));
    // Closed, yet it keeps the focus it had (a disabled field would send it to the page).
    expect(recoveryField()).toBeUnavailable();
    expect(recoveryField()).toHaveAttribute('readonly');
    expect(recoveryField()).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeUnavailable();
    fireEvent.submit(recoveryField().closest('form')!);
    expect(requests).toHaveLength(1);
  });

  it('never sends a one-time code while a recovery code is being checked: the switch and the other form wait', async () => {
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const requests = renderCodeStep(() => held);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    useRecoveryCode();
    submitCode('rc7k-2m9q');
    const back = screen.getByRole('button', { name: recoveryCodeTexts.useOneTimeCode });
    await waitFor(() => expect(back).toHaveAttribute('aria-busy', 'true'));
    fireEvent.click(back);
    expect(recoveryField()).toBeVisible();
    // The one-time code's form, submitted anyway (it is only hidden), sends nothing meanwhile.
    fireEvent.submit(screen.getByLabelText('Code').closest('form')!);
    await act(async () => {
      answer(jsonResponse({ errors: [{ code: 'RCERR01', description: 'Not valid' }] }));
      await held;
    });
    await waitFor(() => expect(back).not.toHaveAttribute('aria-busy'));
    expect(requests).toHaveLength(1);
    expect(requests.oneTimeCodes).toHaveLength(0);
    // Once the answer is in, both ways work again.
    fireEvent.click(back);
    expect(screen.getByLabelText('Code')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(requests.oneTimeCodes).toHaveLength(1));
  });

  it('shows the internal-error notification for a gateway that fails, the code kept for another try', async () => {
    const requests = renderCodeStep(() => jsonResponse({ errors: [] }, 500));
    useRecoveryCode();
    submitCode('rc7k-2m9q');
    expect(await screen.findByText('An internal error has occurred while processing your request')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).not.toBeUnavailable());
    expect(recoveryField()).toHaveValue('rc7k-2m9q');
    expect(screen.getByTestId('location')).toHaveTextContent('/mfa-verification');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(requests).toHaveLength(2));
  });
});
