import { fireEvent, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, throttledResponse } from '../../../testing/render';
import { seedSession } from '../../../testing/session';
import { NewPasswordPage } from '../new-password-page';
import { PasswordChangePage } from '../password-change-page';

const VERIFY_RESET = '/login-gateway/public/profile/verifyToken';
const CHANGE_WITH_TOKEN = '/login-gateway/public/profile/changePassword';
const CHANGE = '/login-gateway/credentials/changePassword';
const WAIT = 'Too many attempts. Try again in 5 minutes.';
const PASSWORD = 'Retire#2045';

const usableResetLink = () =>
  jsonResponse({ data: { type: 'Password Reset', isCompleted: false, isValidated: true, verified: false, hasExpiredVerification: false } });

beforeAll(async () => {
  // The API client loads response schemas lazily: loaded now, so no wait depends on a cold module.
  await Promise.all([
    import('../../../../generated/zod/verification/verification.zod'),
    import('../../../../generated/zod/recovery/recovery.zod'),
    import('../../../../generated/zod/profile/profile.zod'),
  ]);
});

/** Counts the calls to each path; each answers with the next of its answers, the last one again. */
function gateway(answers: Record<string, (() => Response)[]>) {
  const calls: Record<string, number> = {};
  const routes = Object.fromEntries(
    Object.entries(answers).map(([path, list]) => [
      path,
      () => {
        const seen = calls[path] ?? 0;
        calls[path] = seen + 1;
        return (list[Math.min(seen, list.length - 1)] as () => Response)();
      },
    ]),
  );
  return { calls, routes };
}

/** The reset link's page, its token handed down by the route guard as the route table does. */
function openResetLink(answers: Record<string, (() => Response)[]>) {
  const { calls, routes } = gateway(answers);
  renderRoute(<NewPasswordPage />, { path: '/reset-password/new-password', gateway: routes, guard: <Outlet context="reset-validated" /> });
  return calls;
}

function typeNewPassword() {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: PASSWORD } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: PASSWORD } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

/** A 429 on saving: the wait under the form, the passwords kept, Continue usable for when it is over. */
async function expectWaitWithPasswordsKept(path: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(WAIT);
  expect(screen.getByLabelText('New password')).toHaveValue(PASSWORD);
  expect(screen.getByLabelText('Confirm new password')).toHaveValue(PASSWORD);
  expect(screen.getByRole('button', { name: 'Continue' })).not.toBeUnavailable();
  expect(screen.getByTestId('location')).toHaveTextContent(path);
}

describe("the reset link's page (a 429 is a wait, not an expired link)", () => {
  it('a 429 on checking the link (verifyResetToken): the wait, and Try again checks it again', async () => {
    const calls = openResetLink({ [VERIFY_RESET]: [throttledResponse, usableResetLink] });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not check your link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(calls[VERIFY_RESET]).toBe(2);
  });

  it('a 429 on saving the new password (changePasswordWithToken): the wait, the passwords kept', async () => {
    const calls = openResetLink({ [VERIFY_RESET]: [usableResetLink], [CHANGE_WITH_TOKEN]: [throttledResponse] });
    await screen.findByLabelText('New password');
    typeNewPassword();
    await expectWaitWithPasswordsKept('/reset-password/new-password');
    expect(calls[CHANGE_WITH_TOKEN]).toBe(1);
  });
});

describe('the password change (changePassword)', () => {
  beforeEach(() => {
    seedSession({ userId: '7', username: 'jsmith', token: 'tok', role: 'ROLE_PARTICIPANT' });
  });

  it('a 429: the wait, the passwords kept', async () => {
    const { calls, routes } = gateway({ [CHANGE]: [throttledResponse] });
    renderRoute(<PasswordChangePage />, { path: '/password', gateway: routes });
    typeNewPassword();
    await expectWaitWithPasswordsKept('/password');
    expect(calls[CHANGE]).toBe(1);
  });
});
