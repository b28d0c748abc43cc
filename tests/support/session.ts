import { request as api, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { NGINX_PORT } from '../../scripts/ports.mjs';

/** What a completed sign-in leaves in session storage. */
export interface SeededSession {
  readonly userId: string;
  readonly username: string;
  readonly token: string;
  readonly role: string;
}

/**
 * Signs in through the gateway (the mock) as `username` from a request context of its own (no
 * cookie of the page's is touched) and answers the session: the mock refuses a token it did not
 * mint, as a gateway does.
 */
export async function mintSession(username = 'demo'): Promise<SeededSession> {
  const context = await api.newContext({ baseURL: `http://127.0.0.1:${NGINX_PORT}` });
  try {
    return { ...(await gatewaySession(context, username)), username };
  } finally {
    await context.dispose();
  }
}

/**
 * Starts the page signed in, as a completed sign-in leaves it: session storage and the auth
 * cookie, set before any of the portal's code runs. The session is minted by signing in as
 * `username` (demo by default); the other values, given, replace what the sign-in answered (a
 * tampered role or user id). Answers what it planted.
 */
export async function seedSession(page: Page, session: Partial<SeededSession> = {}): Promise<SeededSession> {
  const values = {
    ...(session.token === undefined ? await mintSession(session.username) : { role: 'ROLE_PARTICIPANT' }),
    ...session,
  } as SeededSession;
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
  return values;
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
export async function gatewaySession(
  request: APIRequestContext,
  username: string,
): Promise<{ token: string; userId: string; role: string }> {
  const answer = await request.post('/login-gateway/authentication', {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:Secret#123`).toString('base64')}`, 'Content-Type': 'application/json' },
    data: JSON.stringify('e2e-fingerprint'),
  });
  const { data } = (await answer.json()) as { data?: { token: string; userId: string; roles?: string[] } };
  if (!answer.ok() || !data) throw new Error(`signing in as ${username} gave ${answer.status()}`);
  const [role = 'PARTICIPANT'] = data.roles ?? [];
  return { token: data.token, userId: data.userId, role: role.startsWith('ROLE_') ? role : `ROLE_${role}` };
}
