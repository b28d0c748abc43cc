import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentJourney, endJourney } from '../../../lib/journey/journey';
import { clearNotifications } from '../../../lib/notifications';
import { isMfaAdoptionInProgress, setMfaAdoptionInProgress } from '../../../lib/session-storage';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { NotificationArea } from '../../ui/notification-area';
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
    import('../../phone-entry/phone-rules'),
  ]);
});

beforeEach(() => seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' }));

afterEach(() => {
  endJourney();
  act(() => clearNotifications());
});

// Each test goes through several real API-client calls; on a busy machine that takes a while.
describe('PhoneSetup', { timeout: 20_000 }, () => {
  it('saves the phone, sends the code by the chosen method, and on the code runs the whole sequence, then the ending', async () => {
    const { calls, routes } = gateway();
    const onVerified = vi.fn(async () => {});
    setMfaAdoptionInProgress(true);
    renderRoute(<PhoneSetup mode="setup" route="/update-phone" onVerified={onVerified} />, { path: '/update-phone', gateway: routes });
    expect(screen.queryByText(/Create Account: Step/)).not.toBeInTheDocument();
    await enterPhoneAndChoose('Voice call');

    const verification = currentJourney().verification;
    expect(verification).toMatchObject({
      mfaOption: { type: 'call', contactInfo: '2015550123' },
      mfaOptionCount: 2,
      backRoute: '/update-phone',
    });
    expect(verification?.setupStep).toBeUndefined();
    await act(() => verification!.submit('424242'));

    expect(calls).toEqual([
      'POST /login-gateway/credentials/phone {"type":30,"number":"2015550123","countryCode":"1","extension":"","preferred":true,"smsEnabled":true,"verified":false}',
      'POST /login-gateway/user/7/mfa/code {"type":"call"}',
      'POST /login-gateway/mfa/code/verify {"code":"424242","type":"call"}',
      'POST /login-gateway/credentials/phone/verify {"type":30}',
      'POST /login-gateway/profile/optionChoice {"optionType":9930,"active":false}',
      'DELETE /login-gateway/profile/optionChoice {"optionType":20,"active":false}',
      'POST /login-gateway/profile/optionChoice {"optionType":190,"active":true}',
    ]);
    expect(isMfaAdoptionInProgress()).toBe(false);
    expect(onVerified).toHaveBeenCalledOnce();
  });

  it("shows account setup's step numbers on each screen and hands the code's to the code screen", async () => {
    const { routes } = gateway();
    renderRoute(
      <PhoneSetup
        mode="setup"
        title="Lastly, add an extra layer of security to your account"
        route="/account-setup/phone"
        setupSteps={{ entry: 5, method: 6, code: 7 }}
        onVerified={async () => {}}
      />,
      { path: '/account-setup/phone', gateway: routes },
    );
    expect(screen.getByText('Create Account: Step 5 of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lastly, add an extra layer of security to your account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(201) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Create Account: Step 6 of 7', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(currentJourney().verification?.setupStep).toBe(7), { timeout: 5000 });
    expect(currentJourney().verification?.backRoute).toBe('/account-setup/phone');
  });

  it('a phone that cannot be marked verified stops before the options and the ending', async () => {
    const { calls, routes } = gateway('/login-gateway/credentials/phone/verify');
    const onVerified = vi.fn(async () => {});
    setMfaAdoptionInProgress(true);
    renderRoute(<PhoneSetup mode="setup" route="/update-phone" onVerified={onVerified} />, { path: '/update-phone', gateway: routes });
    // Beside the router: the set-up screen is gone once the code screen opens.
    render(<NotificationArea />);
    await enterPhoneAndChoose('Text message');
    await act(() => currentJourney().verification!.submit('424242'));
    expect(await screen.findByText('Unable to verify phone', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((call) => call.includes('optionChoice'))).toBe(false);
    expect(isMfaAdoptionInProgress()).toBe(true);
    expect(onVerified).not.toHaveBeenCalled();
  });
});
