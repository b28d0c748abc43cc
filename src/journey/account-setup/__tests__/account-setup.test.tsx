import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationArea } from '../../../components/ui/notification-area';
import type { SetupProgress, Step } from '../../journey';
import { currentStep, endJourney } from '../../journey-store';
import { RequireStep } from '../../require-step';
import { reach } from '../../__tests__/journey-steps';
import { clearNotifications } from '../../../lib/notifications';
import { jsonResponse, renderRoute, throttledResponse } from '../../../testing/render';
import { UsernameTakenPage } from '../username-taken-page';
import { usernameSchema } from '../username.schema';
import { seedSession } from '../../../testing/session';

const PASSWORD = 'Retire#2045';
const EMAIL = 'jane.smith@example.com';

/** Every call, as `METHOD path body`; the completion answers `TKERR01` for the token 'expired'. */
function gateway() {
  const calls: string[] = [];
  const saved: string[] = [];
  const log = (path: string, init: RequestInit | undefined) => calls.push(`${init?.method ?? 'GET'} ${path} ${String(init?.body ?? '')}`);
  const routes = {
    '/login-gateway/validateUsername': (init: RequestInit | undefined) => {
      log('/login-gateway/validateUsername', init);
      // A username whose credentials were saved is no longer free, for anyone.
      return jsonResponse({ data: { userNameAvailable: saved.length === 0, alternateUsername: null } });
    },
    '/login-gateway/credentials': (init: RequestInit | undefined) => {
      log('/login-gateway/credentials', init);
      saved.push(String(init?.body));
      return jsonResponse({ errors: [] });
    },
    '/login-gateway/account-setup/complete': (init: RequestInit | undefined) => {
      log('/login-gateway/account-setup/complete', init);
      const expired = String(init?.body).includes('"expired"');
      return jsonResponse(expired ? { errors: [{ code: 'TKERR01', description: 'This link has expired.' }] } : { errors: [] });
    },
  };
  return { calls, routes };
}

const setup: SetupProgress = { username: 'takenMeanwhile', password: PASSWORD, email: EMAIL, saved: false, linkToken: null };

/** The setup as its steps leave it when the code's save found the username taken. */
function takenAfterTheCode(linkToken: string | null = null): Step {
  const progress = { ...setup, linkToken };
  const first: Step = { name: 'setup-username', setup: { ...progress, password: null, email: null }, back: null };
  const second: Step = { name: 'setup-password', setup: { ...progress, email: null }, back: first };
  const third: Step = { name: 'setup-email', setup: progress, back: second };
  const code: Step = { name: 'code-entry', code: { for: 'email', email: EMAIL, setup: progress }, back: third };
  return reach({ name: 'setup-username-taken', setup: progress, back: code });
}

function renderUsernameTaken(routes: ReturnType<typeof gateway>['routes']) {
  const result = renderRoute(<UsernameTakenPage />, {
    path: '/account-setup/username-taken',
    gateway: routes,
    guard: <RequireStep name="setup-username-taken" />,
  });
  render(<NotificationArea />);
  return result;
}

async function chooseNewUsername(username: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeAll(async () => {
  // Loaded now, so that no wait below depends on how fast a cold module loads.
  await Promise.all([
    import('../../../../generated/zod/account-setup/account-setup.zod'),
    import('../../../../generated/zod/profile/profile.zod'),
  ]);
});

beforeEach(() => {
  seedSession({ userId: '7', username: 'setup', token: 'tok', role: 'ROLE_PARTICIPANT' });
});

afterEach(() => {
  endJourney();
  act(() => clearNotifications());
});

describe('the username rule', () => {
  it.each([
    ['janesmith', true],
    ['  janesmith  ', true],
    ['Jane2045', true],
    ['abcd', true],
    ['abcdefghijklmnop', true],
    ['abc', false],
    ['abcdefghijklmnopq', false],
    ['1abcd', false],
    ['jane.smith', false],
    ['jane smith', false],
    ['jäne', false],
  ])('%j: %s', (username, valid) => {
    expect(usernameSchema.safeParse({ username }).success).toBe(valid);
  });

  it('says a blank username is required', () => {
    const result = usernameSchema.safeParse({ username: '   ' });
    expect(result.error?.issues[0]?.message).toBe('Username is required');
  });
});

describe('username-taken', { timeout: 20_000 }, () => {
  it('saves the new username with the same password and email, completes the setup with the token, then the phone', async () => {
    const { calls, routes } = gateway();
    takenAfterTheCode('setup-validated');
    renderUsernameTaken(routes);
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('takenMeanwhile');
    await chooseNewUsername('janesmith2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/phone'), { timeout: 5000 });
    expect(calls).toEqual([
      'GET /login-gateway/validateUsername ',
      `PUT /login-gateway/credentials {"username":"janesmith2","password":"${PASSWORD}","email":"${EMAIL}"}`,
      'POST /login-gateway/account-setup/complete {"token":"setup-validated"}',
    ]);
    // Saved: the password and the token are no longer kept; Back reopens the email's code.
    const saved = { username: 'janesmith2', password: null, saved: true, linkToken: null };
    expect(currentStep()).toMatchObject({ name: 'phone-setup', purpose: 'setup', setup: saved });
    expect(currentStep()?.back).toMatchObject({ name: 'code-entry', code: { for: 'email', setup: saved } });
  });

  it('a 429 on checking the username (validateUsername) is the wait, not a taken username: the username kept, nothing saved', async () => {
    const { calls, routes } = gateway();
    takenAfterTheCode();
    renderUsernameTaken({ ...routes, '/login-gateway/validateUsername': () => throttledResponse() });
    await chooseNewUsername('janesmith2');
    const field = screen.getByRole('textbox', { name: /Username/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Too many attempts\. Try again in 5 minutes\./));
    expect(field).toHaveValue('janesmith2');
    expect(screen.queryByText(/Username must be unique/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).not.toBeUnavailable();
    expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/username-taken');
    expect(calls).toEqual([]);
  });

  it('without a token, completes nothing', async () => {
    const { calls, routes } = gateway();
    takenAfterTheCode();
    renderUsernameTaken(routes);
    await chooseNewUsername('janesmith2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/phone'), { timeout: 5000 });
    expect(calls.some((call) => call.includes('account-setup/complete'))).toBe(false);
  });

  it('a completion the gateway refuses shows its description and stays, keeping the choices for another try, which sends only the completion', async () => {
    const { calls, routes } = gateway();
    takenAfterTheCode('expired');
    renderUsernameTaken(routes);
    await chooseNewUsername('janesmith2');
    expect(await screen.findByText('This link has expired.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/username-taken');
    expect(currentStep()).toMatchObject({
      name: 'setup-username-taken',
      setup: { password: PASSWORD, saved: false, linkToken: 'expired' },
    });

    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.at(-1)).toBe('POST /login-gateway/account-setup/complete {"token":"expired"}'), { timeout: 5000 });
    // The username is this user's now: not checked again (the gateway would call it taken), not saved again.
    expect(calls.slice(before)).toEqual(['POST /login-gateway/account-setup/complete {"token":"expired"}']);
    // The credentials went through the first time: sent again, the gateway would find the username taken (by this user).
    expect(calls.filter((call) => call.startsWith('PUT'))).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/username-taken');
  });
});
