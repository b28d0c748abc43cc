import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { onSignOut } from '../../../lib/session';
import { readAuthCookie } from '../../../lib/session-storage';
import { installApi, renderRoute } from '../../../testing/render';
import { LogoutFeedbackPage } from '../logout-feedback-page';
import { RedirectLoginPage } from '../redirect-login-page';
import { SessionExpiredPage } from '../session-expired-page';
import { seedSession } from '../../../testing/session';

/** Where the router is, query included. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderRedirect(at: string) {
  const fetchMock = installApi();
  fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/redirectLogin" element={<RedirectLoginPage />} />
          <Route path="/logout-feedback" element={<LogoutFeedbackPage />} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('SessionExpiredPage', () => {
  it('explains the logout and offers Sign In', () => {
    renderRoute(<SessionExpiredPage />);
    expect(screen.getByRole('heading', { name: 'You have been logged out' })).toBeInTheDocument();
    expect(
      screen.getByText('This may be due to a long period of inactivity or you may have logged out of your account on another page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/');
  });
});

describe('LogoutFeedbackPage and the feedback redirect', () => {
  it.each([
    ['employee', 'Employee'],
    ['planadmin', 'Plan+Admin'],
    ['advisor', 'Advisor'],
    ['partner', 'Partner'],
  ])('ind=%s ends the session and links the %s survey', async (ind, userType) => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    const signedOut = vi.fn();
    onSignOut(signedOut);
    const fetchMock = renderRedirect(`/redirectLogin?ind=${ind}`);
    expect(await screen.findByRole('heading', { name: "You've successfully logged out" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the survey' })).toHaveAttribute('href', expect.stringContaining(`userType=${userType}`));
    expect(screen.getByRole('link', { name: 'No, thanks' })).toHaveAttribute('href', '/');
    expect(window.sessionStorage.length).toBe(0);
    expect(readAuthCookie()).toBeNull();
    expect(signedOut).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/public\/logout\.vm$/));
  });

  it('does the same at /logout-feedback?ind=: sets the user type, clears session storage and lands without the query', async () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    const signedOut = vi.fn();
    onSignOut(signedOut);
    const fetchMock = renderRedirect('/logout-feedback?ind=planadmin');
    expect(await screen.findByRole('heading', { name: "You've successfully logged out" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the survey' })).toHaveAttribute('href', expect.stringContaining('userType=Plan+Admin'));
    expect(window.sessionStorage.length).toBe(0);
    expect(signedOut).toHaveBeenCalledWith('logout');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/logout-feedback$/);
    await waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/public\/logout\.vm$/));
  });

  it('takes the user type from the stored role without ind', async () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PLAN_ADVISOR' });
    renderRedirect('/redirectLogin');
    expect(await screen.findByRole('link', { name: 'Take the survey' })).toHaveAttribute(
      'href',
      expect.stringContaining('userType=Advisor'),
    );
  });

  it('falls back to Partner when nothing names the user type', async () => {
    renderRedirect('/logout-feedback');
    expect(await screen.findByRole('link', { name: 'Take the survey' })).toHaveAttribute(
      'href',
      expect.stringContaining('userType=Partner'),
    );
  });
});
