import { readFileSync } from 'node:fs';
import type { CDPSession, Page, Request } from '@playwright/test';
import { NGINX_PORT } from '../../scripts/ports.mjs';

/*
 * Passkeys in the end-to-end tests: Chromium's virtual authenticator, driven through the Chrome
 * DevTools Protocol (WebAuthn domain), stands in for a phone's or laptop's own authenticator. It
 * keeps discoverable credentials and verifies the user (or refuses to, for the failure cases),
 * and the mock verifies what it signs for real (scripts/mock-credentials.mjs).
 */

/**
 * The portal's address on `localhost`: browsers refuse an IP address as a passkey's RP ID, and
 * the mock's RP ID is `localhost` (README, "Passkeys and recovery codes").
 */
export const PASSKEY_ORIGIN = `http://localhost:${NGINX_PORT}`;

/** The mock persona `passkey`'s credential (tests/fixtures/passkey-localhost.json). */
export const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/passkey-localhost.json', import.meta.url), 'utf8')) as {
  readonly username: string;
  readonly credential: Record<string, unknown>;
};

export interface VirtualAuthenticator {
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
  /** Whether the next ceremonies verify the user (a fingerprint that matches, or not). */
  setUserVerified(verified: boolean): Promise<void>;
  /** The credentials it holds now. */
  credentials(): Promise<{ credentialId: string; userHandle?: string; signCount: number }[]>;
  /** Adds a credential as it is (the fixture's). */
  addCredential(credential: Record<string, unknown>): Promise<void>;
}

/**
 * Gives the page's browser a platform authenticator (internal transport, resident keys, user
 * verification) that answers at once, as a person who touches the sensor would.
 */
export async function addVirtualAuthenticator(page: Page, { userVerified = true } = {}): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: userVerified,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    setUserVerified: async (verified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    addCredential: async (credential) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never });
    },
  };
}

/** A username of the test's own (4 to 16 letters and digits), so the mock keeps its passkeys and codes apart from other tests'. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`.slice(0, 16);
}

/**
 * Holds the landing's question (`userLandingUrl`) until the passkey list has answered, for a
 * test that expects the passkey offer: the offer shows only when the list answers within
 * PASSKEY_OFFER_GRACE_MS (3 s) of the landing's own answers, so that it never holds a sign-in up,
 * and a busy machine can take longer than that.
 */
export async function listBeforeLanding(page: Page): Promise<void> {
  let listed: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (listed = resolve));
  const onList = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/login-gateway/passkeys') listed();
  };
  page.on('requestfinished', onList);
  page.on('requestfailed', onList);
  await page.route(/\/login-gateway\/userLandingUrl(?:\?|$)/, async (route) => {
    await answered;
    await route.continue();
  });
}
