import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endJourney, setAccountSetup, type AccountSetup } from '../../lib/journey/journey';
import { createQueryClient } from '../../lib/query-client';
import { installApi, jsonResponse, routeFetch } from '../../testing/render';
import { RequireSetupProgress } from '../account-setup-guard';
import { RequireVerification } from '../verification-guard';
import { seedSession } from '../../testing/session';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(at: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/account-setup" element={<RequireSetupProgress />}>
            {['username', 'password', 'email', 'username-taken', 'phone'].map((step) => (
              <Route key={step} path={step} element={<h1>{step}</h1>} />
            ))}
          </Route>
          <Route element={<RequireVerification />}>
            <Route path="/mfa-verification" element={<h1>code</h1>} />
          </Route>
          <Route path="/" element={<h1>sign in</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

const chosen = (progress: Partial<AccountSetup>): AccountSetup => ({
  username: 'janesmith',
  password: null,
  email: null,
  saved: false,
  emailCode: null,
  ...progress,
});

beforeAll(async () => {
  await import('../../../generated/zod/sign-in/sign-in.zod');
});

afterEach(() => {
  endJourney();
});

describe('account setup: each step needs the steps before it (a reload forgets them)', () => {
  it.each([
    // [progress, step asked for, where the user lands]
    [null, '/account-setup', '/account-setup/username'],
    [null, '/account-setup/username', '/account-setup/username'],
    [null, '/account-setup/password', '/account-setup/username'],
    [null, '/account-setup/email', '/account-setup/username'],
    [null, '/account-setup/username-taken', '/account-setup/username'],
    [null, '/account-setup/phone', '/account-setup/username'],
    [chosen({}), '/account-setup/password', '/account-setup/password'],
    [chosen({}), '/account-setup/email', '/account-setup/username'],
    [chosen({ password: 'Retire#2045' }), '/account-setup/email', '/account-setup/email'],
    [chosen({ password: 'Retire#2045' }), '/account-setup/username-taken', '/account-setup/username'],
    [chosen({ password: 'Retire#2045', email: 'j@example.com' }), '/account-setup/username-taken', '/account-setup/username-taken'],
    [chosen({ password: 'Retire#2045', email: 'j@example.com' }), '/account-setup/phone', '/account-setup/username'],
    [chosen({ email: 'j@example.com', saved: true }), '/account-setup', '/account-setup/phone'],
    [chosen({ email: 'j@example.com', saved: true }), '/account-setup/phone', '/account-setup/phone'],
    [chosen({ email: 'j@example.com', saved: true }), '/account-setup/email', '/account-setup/phone'],
  ])('progress %j at %s: %s', (progress, at, lands) => {
    setAccountSetup(progress);
    renderAt(at);
    expect(location()).toBe(lands);
  });
});

describe('the code screen without a code on its way', () => {
  function landing(url: string | null) {
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/userLandingUrl': () => (url === null ? jsonResponse({}, 500) : jsonResponse({ data: { url, externalUrl: false } })),
    });
    return fetchMock;
  }

  it('without a session goes to the sign-in form, asking nothing', () => {
    const fetchMock = landing('acctSetup-username');
    renderAt('/mfa-verification');
    expect(location()).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('for an account being set up (a reload on its code step) starts the setup again', async () => {
    seedSession({ userId: '7', username: 'setup', token: 'tok', role: 'ROLE_PARTICIPANT' });
    landing('acctSetup-username');
    renderAt('/mfa-verification');
    await waitFor(() => expect(location()).toBe('/account-setup/username'), { timeout: 5000 });
  });

  it.each([['/participant'], [null]])('for any other landing (%s) goes to the sign-in form', async (url) => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    landing(url);
    renderAt('/mfa-verification');
    await waitFor(() => expect(location()).toBe('/'), { timeout: 5000 });
  });
});
