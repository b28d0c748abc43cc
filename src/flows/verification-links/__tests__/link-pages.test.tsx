import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, throttledResponse } from '../../../testing/render';
import { AccountMappingPage } from '../account-mapping-page';
import { EmailVerificationPage } from '../email-verification-page';
import { InvitePage } from '../invite-page';
import { TokenPage } from '../token-page';

const RECORD = '/login-gateway/verification/token';
const SIGN_IN = '/login-gateway/authentication/token';
const MAPPING = '/login-gateway/verifyAccountMapping';
const VERIFY_EMAIL = '/login-gateway/participant/100245/email/verification';
const WAIT = 'Too many attempts. Try again in 5 minutes.';

const record = (type: string) =>
  jsonResponse({ data: { type, isCompleted: false, isValidated: true, verified: false, hasExpiredVerification: false } });

beforeAll(async () => {
  // The API client loads response schemas lazily: loaded now, so no wait depends on a cold module.
  await Promise.all([
    import('../../../../generated/zod/verification/verification.zod'),
    import('../../../../generated/zod/sign-in/sign-in.zod'),
  ]);
});

/** Renders a link page at its address; each gateway path answers with the next of its answers, the last one again. */
function openLink(page: ReactElement, path: string, query: string, answers: Record<string, (() => Response)[]>) {
  const calls: string[] = [];
  const gateway = Object.fromEntries(
    Object.entries(answers).map(([gatewayPath, list]) => [
      gatewayPath,
      () => {
        const seen = calls.filter((call) => call === gatewayPath).length;
        calls.push(gatewayPath);
        return (list[Math.min(seen, list.length - 1)] as () => Response)();
      },
    ]),
  );
  renderRoute(page, { path, at: `${path}?${query}`, gateway });
  return calls;
}

/** A 429 leaves the link as it was: the wait, and Try again, which asks the throttled call again. */
async function expectWaitThenTryAgain(calls: string[], throttledPath: string, notShown: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'We could not check your link' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(WAIT);
  expect(screen.queryByText(notShown)).not.toBeInTheDocument();
  const before = calls.filter((call) => call === throttledPath).length;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(calls.filter((call) => call === throttledPath)).toHaveLength(before + 1));
}

describe("a link page's 429 (a wait, not an expired link)", () => {
  it('the token page (verifyToken): the wait, and Try again', async () => {
    const calls = openLink(<TokenPage />, '/verification', 'token=email-validated', { [RECORD]: [throttledResponse] });
    await expectWaitThenTryAgain(calls, RECORD, 'This link has expired');
  });

  it("an invitation's sign-in by its token (signInWithToken): the wait, and Try again signs in again", async () => {
    const calls = openLink(<InvitePage invitation="userInvite" />, '/verifyUserInvite', 'token=authrep-validated', {
      [RECORD]: [() => record('Authorized Representative Invitation')],
      [SIGN_IN]: [throttledResponse],
    });
    await expectWaitThenTryAgain(calls, SIGN_IN, 'Enrollment Link Expired');
    expect(calls.filter((call) => call === RECORD)).toHaveLength(1);
  });

  it('the account mapping (verifyAccountMapping): the wait, and Try again', async () => {
    const calls = openLink(<AccountMappingPage />, '/verifyAccountMapping', 'token=mapping-linked', { [MAPPING]: [throttledResponse] });
    await expectWaitThenTryAgain(calls, MAPPING, 'This account verification link has expired.');
  });

  it("the email's verification (verifyParticipantEmail): the wait, and Try again verifies it", async () => {
    const calls = openLink(<EmailVerificationPage />, '/emailVerification', 'token=email-validated&userId=100245', {
      [RECORD]: [() => record('Email Verification')],
      [VERIFY_EMAIL]: [throttledResponse, () => jsonResponse({ data: { verified: true, alreadyVerified: false } })],
    });
    await expectWaitThenTryAgain(calls, VERIFY_EMAIL, 'Email verification link expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email address has been verified!' })).toBeInTheDocument();
  });
});
