import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationArea } from '../../../components/ui/notification-area';
import { currentJourney, endJourney, setAccountSetup, setSetupToken, useJourneyState } from '../../../lib/journey/journey';
import { clearNotifications } from '../../../lib/notifications';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { UsernameTakenPage } from '../username-taken-page';
import { usernameSchema } from '../username.schema';
import { seedSession } from '../../../testing/session';

const PASSWORD = 'Retire#2045';
const EMAIL = 'jane.smith@example.com';

/** The step with the setup's progress as its outlet context, as account setup's guard gives it. */
function WithProgress({ children }: { readonly children: ReactNode }) {
  const { setup } = useJourneyState();
  if (!setup) return null;
  return (
    <Routes>
      <Route element={<Outlet context={setup} />}>
        <Route path="*" element={children} />
      </Route>
    </Routes>
  );
}

/** Every call, as `METHOD path body`; the completion answers `TKERR01` for the token 'expired'. */
function gateway() {
  const calls: string[] = [];
  const log = (path: string, init: RequestInit | undefined) => calls.push(`${init?.method ?? 'GET'} ${path} ${String(init?.body ?? '')}`);
  const routes = {
    '/login-gateway/validateUsername': (init: RequestInit | undefined) => {
      log('/login-gateway/validateUsername', init);
      return jsonResponse({ data: { userNameAvailable: true, alternateUsername: null } });
    },
    '/login-gateway/credentials': (init: RequestInit | undefined) => {
      log('/login-gateway/credentials', init);
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

function renderUsernameTaken(routes: ReturnType<typeof gateway>['routes']) {
  const result = renderRoute(
    <WithProgress>
      <UsernameTakenPage />
    </WithProgress>,
    { path: '/account-setup/*', at: '/account-setup/username-taken', gateway: routes },
  );
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
  setAccountSetup({ username: 'takenMeanwhile', password: PASSWORD, email: EMAIL, saved: false, emailCode: null });
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
    setSetupToken('setup-validated');
    renderUsernameTaken(routes);
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('takenMeanwhile');
    await chooseNewUsername('janesmith2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/phone'), { timeout: 5000 });
    expect(calls).toEqual([
      'GET /login-gateway/validateUsername ',
      `PUT /login-gateway/credentials {"username":"janesmith2","password":"${PASSWORD}","email":"${EMAIL}"}`,
      'POST /login-gateway/account-setup/complete {"token":"setup-validated"}',
    ]);
    const journey = currentJourney();
    expect(journey.phoneBackRoute).toBe('/mfa-verification');
    expect(journey.setupToken).toBeNull();
    // Saved: the password is no longer kept.
    expect(journey.setup).toMatchObject({ username: 'janesmith2', password: null, saved: true });
  });

  it('without a token, completes nothing', async () => {
    const { calls, routes } = gateway();
    renderUsernameTaken(routes);
    await chooseNewUsername('janesmith2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/phone'), { timeout: 5000 });
    expect(calls.some((call) => call.includes('account-setup/complete'))).toBe(false);
  });

  it('a completion the gateway refuses shows its description and stays, keeping the choices; another try saves and completes', async () => {
    const { calls, routes } = gateway();
    setSetupToken('expired');
    renderUsernameTaken(routes);
    await chooseNewUsername('janesmith2');
    expect(await screen.findByText('This link has expired.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/username-taken');
    expect(currentJourney().setup).toMatchObject({ username: 'janesmith2', password: PASSWORD, saved: false });
    expect(currentJourney().setupToken).toBe('expired');

    setSetupToken('setup-validated');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account-setup/phone'), { timeout: 5000 });
    expect(calls.filter((call) => call.startsWith('PUT'))).toHaveLength(2);
    expect(calls.at(-1)).toBe('POST /login-gateway/account-setup/complete {"token":"setup-validated"}');
    expect(currentJourney().setup).toMatchObject({ password: null, saved: true });
  });
});
