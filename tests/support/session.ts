import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { NGINX_PORT } from '../../scripts/ports.mjs';

/** The demo session the mock's sign-in answers with. */
const DEMO_SESSION = {
  userId: '100245',
  username: 'demo',
  token: '3f1c0a7e-5b2d-4e8a-9c61-2d7f0b4e8a13',
  role: 'ROLE_PARTICIPANT',
} as const;

/** The token {@link seedSession} starts the page with. */
export const SEEDED_TOKEN = DEMO_SESSION.token;

/**
 * Starts the page signed in, as a completed sign-in leaves it: session storage and the auth
 * cookie, set before any of the portal's code runs.
 */
export async function seedSession(page: Page, session: Partial<Record<keyof typeof DEMO_SESSION, string>> = {}): Promise<void> {
  const values = { ...DEMO_SESSION, ...session };
  await page.addInitScript((stored) => {
    // Only on the first load of the tab: a sign-out must not be undone by a reload.
    if (window.name === 'seeded-session') return;
    window.name = 'seeded-session';
    window.sessionStorage.setItem('userId', stored.userId);
    window.sessionStorage.setItem('username', stored.username);
    window.sessionStorage.setItem('token', stored.token);
    window.sessionStorage.setItem('role', stored.role);
    window.sessionStorage.setItem('site', stored.role.replace(/^ROLE_/, '').toLowerCase());
    window.sessionStorage.setItem('showAlerts', 'true');
    document.cookie = `authToken=${encodeURIComponent(stored.token)}; path=/; SameSite=Strict`;
  }, values);
}

/** Sets a cookie that switches a mock scenario (see openapi/mock-scenarios.yaml). */
export async function mockScenario(context: BrowserContext, name: string, value: string): Promise<void> {
  await context.addCookies([{ name, value, url: `http://127.0.0.1:${NGINX_PORT}` }]);
}

/**
 * Signs in through the gateway (the mock) as a demo persona and returns the session's token and
 * user id: a session of the test's own, which the mock remembers journey steps for (a token
 * planted directly has none) and which no other test shares.
 */
export async function gatewaySession(request: APIRequestContext, username: string): Promise<{ token: string; userId: string }> {
  const answer = await request.post('/login-gateway/authentication', {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:Secret#123`).toString('base64')}`, 'Content-Type': 'application/json' },
    data: JSON.stringify('e2e-fingerprint'),
  });
  const { data } = (await answer.json()) as { data?: { token: string; userId: string } };
  if (!answer.ok() || !data) throw new Error(`signing in as ${username} gave ${answer.status()}`);
  return { token: data.token, userId: data.userId };
}
