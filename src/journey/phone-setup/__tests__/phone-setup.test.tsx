import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as location from '../../../lib/browser-location';
import { clearNotifications } from '../../../lib/notifications';
import { isMfaAdoptionInProgress } from '../../../lib/session-storage';
import { setMfaAdoptionInProgress } from '../../../lib/session-writes';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { NotificationArea } from '../../../components/ui/notification-area';
import { CodeEntryPage } from '../../code-entry/code-entry-page';
import type { PhonePurpose, PhoneSetupStep } from '../../journey';
import { currentStep, endJourney } from '../../journey-store';
import { RequireStep } from '../../require-step';
import { reach } from '../../__tests__/journey-steps';
import { PhoneSetup } from '../phone-setup';
import { seedSession } from '../../../testing/session';

/** Every call the sequence makes, as `METHOD path body`. */
function gateway(failing?: string) {
  const calls: string[] = [];
  const answer = (path: string) => (init: RequestInit | undefined) => {
    calls.push(`${init?.method ?? 'GET'} ${path} ${String(init?.body ?? '')}`);
    return path === failing ? jsonResponse({}, 500) : jsonResponse({ errors: [] });
  };
  const paths = [
    '/login-gateway/credentials/phone',
    '/login-gateway/credentials/phone/verify',
    '/login-gateway/user/7/mfa/code',
    '/login-gateway/mfa/code/verify',
    '/login-gateway/profile/optionChoice',
  ];
  return { calls, routes: Object.fromEntries(paths.map((path) => [path, answer(path)])) };
}

async function enterPhoneAndChoose(method: 'Text message' | 'Voice call') {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(201) 555-0123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'How should we send your code?' }, { timeout: 5000 });
  fireEvent.click(screen.getByLabelText(method));
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mfa-verification'), { timeout: 5000 });
}

beforeAll(async () => {
  // The API client loads response schemas lazily, the phone rules load libphonenumber: load them
  // now, so that no wait below depends on how fast a cold module loads.
  await Promise.all([
    import('../../../../generated/zod/profile/profile.zod'),
    import('../../../../generated/zod/mfa/mfa.zod'),
    import('../../../components/phone-entry/phone-rules'),
  ]);
});

beforeEach(() => seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' }));

afterEach(() => {
  endJourney();
  act(() => clearNotifications());
});

const phoneStep = (purpose: PhonePurpose): PhoneSetupStep => ({ name: 'phone-setup', purpose, setup: null, back: null });

/** The code screen of a phone being set up, as the phone set-up leaves the journey. */
function renderPhoneCode(routes: ReturnType<typeof gateway>['routes'], purpose: PhonePurpose) {
  reach({
    name: 'code-entry',
    code: { for: 'phone', purpose, phone: { number: '2015550123', countryCode: '1' }, method: 'call', setup: null },
    back: phoneStep(purpose),
  });
  renderRoute(<CodeEntryPage />, { path: '/mfa-verification', gateway: routes, guard: <RequireStep name="code-entry" /> });
  render(<NotificationArea />);
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: '424242' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

// Each test goes through several real API-client calls; on a busy machine that takes a while.
describe('PhoneSetup', { timeout: 20_000 }, () => {
  it('saves the phone and sends the code by the chosen method, then the code screen', async () => {
    const { calls, routes } = gateway();
    const step = phoneStep('adoption');
    reach(step);
    renderRoute(<PhoneSetup step={step} />, { path: '/update-phone', gateway: routes });
    expect(screen.queryByText(/Create Account: Step/)).not.toBeInTheDocument();
    await enterPhoneAndChoose('Voice call');
    expect(calls).toEqual([
      'POST /login-gateway/credentials/phone {"type":30,"number":"2015550123","countryCode":"1","extension":"","preferred":true,"smsEnabled":true,"verified":false}',
      'POST /login-gateway/user/7/mfa/code {"type":"call"}',
    ]);
    expect(currentStep()).toEqual({
      name: 'code-entry',
      code: { for: 'phone', purpose: 'adoption', phone: { number: '2015550123', countryCode: '1' }, method: 'call', setup: null },
      back: step,
    });
  });

  it('on the code runs the whole sequence, ends the adoption, then the ending (the profile: its success page)', async () => {
    const { calls, routes } = gateway();
    const leave = vi.spyOn(location, 'leavePortal').mockImplementation(() => {});
    setMfaAdoptionInProgress(true);
    renderPhoneCode(routes, 'profile');
    await waitFor(() => expect(leave).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(leave.mock.calls[0]?.[0]).toMatch(/phone/i);
    expect(calls).toEqual([
      'POST /login-gateway/mfa/code/verify {"code":"424242","type":"call"}',
      'POST /login-gateway/credentials/phone/verify {"type":30}',
      'POST /login-gateway/profile/optionChoice {"optionType":9930,"active":false}',
      'DELETE /login-gateway/profile/optionChoice {"optionType":20,"active":false}',
      'POST /login-gateway/profile/optionChoice {"optionType":190,"active":true}',
    ]);
    expect(isMfaAdoptionInProgress()).toBe(false);
    expect(currentStep()).toBeNull();
  });

  it("shows account setup's step numbers on each screen and hands the code's to the code screen", async () => {
    const { routes } = gateway();
    const setup = { username: 'jane', password: null, email: 'j@example.com', saved: true, linkToken: null };
    const step: PhoneSetupStep = { name: 'phone-setup', purpose: 'setup', setup, back: null };
    reach(step);
    renderRoute(<PhoneSetup step={step} />, { path: '/account-setup/phone', gateway: routes });
    expect(screen.getByText('Create Account: Step 5 of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lastly, add an extra layer of security to your account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(201) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Create Account: Step 6 of 7', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(currentStep()).toMatchObject({ name: 'code-entry', code: { for: 'phone', purpose: 'setup' } }), {
      timeout: 5000,
    });
  });

  it('keeps the choice of text or voice when the user goes back to the phone and returns', async () => {
    const { calls, routes } = gateway();
    const step = phoneStep('adoption');
    reach(step);
    renderRoute(<PhoneSetup step={step} />, { path: '/update-phone', gateway: routes });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(201) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'How should we send your code?' }, { timeout: 5000 });
    expect(screen.getByLabelText('Text message')).toBeChecked();
    fireEvent.click(screen.getByLabelText('Voice call'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '(201) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'How should we send your code?' }, { timeout: 5000 });
    expect(screen.getByLabelText('Voice call')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls.at(-1)).toBe('POST /login-gateway/user/7/mfa/code {"type":"call"}'), { timeout: 5000 });
    // The answer moves the journey on: not after this test has ended it.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mfa-verification'), { timeout: 5000 });
  });

  it('a phone that cannot be marked verified stops before the options and the ending', async () => {
    const { calls, routes } = gateway('/login-gateway/credentials/phone/verify');
    const leave = vi.spyOn(location, 'leavePortal').mockImplementation(() => {});
    setMfaAdoptionInProgress(true);
    renderPhoneCode(routes, 'profile');
    expect(await screen.findByText('Unable to verify phone', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((call) => call.includes('optionChoice'))).toBe(false);
    expect(isMfaAdoptionInProgress()).toBe(true);
    expect(leave).not.toHaveBeenCalled();
  });

  it('another try after the phone could not be marked verified does not send the code again (it is good once)', async () => {
    const { calls, routes } = gateway();
    const markVerified = routes['/login-gateway/credentials/phone/verify']!;
    let refusedOnce = false;
    routes['/login-gateway/credentials/phone/verify'] = (init) => {
      if (refusedOnce) return markVerified(init);
      refusedOnce = true;
      return jsonResponse({}, 500);
    };
    const leave = vi.spyOn(location, 'leavePortal').mockImplementation(() => {});
    renderPhoneCode(routes, 'profile');
    expect(await screen.findByText('Unable to verify phone', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(leave).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(calls.filter((call) => call.includes('/mfa/code/verify'))).toHaveLength(1);
    expect(calls.filter((call) => call.includes('/credentials/phone/verify'))).toHaveLength(1);
  });
});
