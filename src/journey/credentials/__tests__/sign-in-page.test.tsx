import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endJourney } from '../../journey-store';
import { clearNotifications } from '../../../lib/notifications';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { SignInPage } from '../sign-in-page';
import * as location from '../../../lib/browser-location';

afterEach(() => {
  endJourney();
  clearNotifications();
});

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('SignInPage', () => {
  it('requires a username (trimmed) and a password, and clears each error when its field changes', async () => {
    const { fetchMock } = renderRoute(<SignInPage />);
    const user = await fillAndSubmit('   ', '');
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
  });

  it('goes to the security question on AUERR01', async () => {
    const { fetchMock } = renderRoute(<SignInPage />);
    fetchMock.mockResolvedValueOnce(jsonResponse({ errors: [{ code: 'AUERR01', description: 'Security question required' }] }));
    await fillAndSubmit(' ana ', 'pw');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/security-question'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toMatch(/\/login-gateway\/authentication$/);
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Basic ${btoa('ana:pw')}`);
  });

  it('goes to the one-time code on AUERR05', async () => {
    const { fetchMock } = renderRoute(<SignInPage />);
    fetchMock.mockResolvedValueOnce(jsonResponse({ errors: [{ code: 'AUERR05', description: 'MFA' }] }));
    await fillAndSubmit('ana', 'pw');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mfa'));
  });

  it("shows any other code's description inline, as text", async () => {
    const { fetchMock } = renderRoute(<SignInPage />);
    fetchMock.mockResolvedValueOnce(jsonResponse({ errors: [{ code: 'AUERR09', description: '<b>Locked</b> account' }] }));
    await fillAndSubmit('ana', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('<b>Locked</b> account');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('stores the session and leaves for the dashboard the gateway names', async () => {
    const leave = vi.spyOn(location, 'leavePortal').mockImplementation(() => {});
    let landingToken: string | null = null;
    renderRoute(<SignInPage />, {
      gateway: {
        '/login-gateway/authentication': () =>
          jsonResponse({ data: { roles: ['ROLE_PARTICIPANT'], userId: '7', token: 'tok' }, errors: [] }),
        '/login-gateway/public/profile/mfa-options': () =>
          jsonResponse({ data: { options: [{ type: 'sms', contactInfo: '5555551234' }] } }),
        '/login-gateway/userLandingUrl': (init) => {
          landingToken = new Headers(init?.headers).get('X-Auth-Token');
          return jsonResponse({ data: { url: '/participant', externalUrl: false } });
        },
        '/login-gateway/skipEnrollmentSteps': () => jsonResponse({ data: { skipEnrollmentSteps: true } }),
        '/login-gateway/profile/optionChoice': () =>
          jsonResponse({ data: { optionType: 190, active: true, optionValues: { isActive: true } } }),
        '/login-gateway/user/7/profile/credentials': () => jsonResponse({ data: { isEmailVerified: true } }),
      },
    });
    await fillAndSubmit('ana', 'pw');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/participant'));
    expect(window.sessionStorage.getItem('token')).toBe('tok');
    expect(window.sessionStorage.getItem('site')).toBe('participant');
    expect(window.sessionStorage.getItem('landingPageUrl')).toBe('/participant');
    expect(landingToken).toBe('tok');
  });
});
