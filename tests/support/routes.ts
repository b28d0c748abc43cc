import { expect, type Page } from '@playwright/test';
import { paths, type PortalPath } from '../../src/lib/paths';
import { seedSession } from './session';

/**
 * How a route's own screen is reached in the browser, for the checks of every route and for the
 * screenshots. Every path of src/lib/paths.ts is a route (src/app/__tests__/route-table.test.tsx
 * holds the route table to that), so a route added there is covered the day it lands: opened as
 * an address, with no session, unless it is listed below.
 */
export type Reach =
  /** Opened as an address, with no session. */
  | { readonly by: 'address' }
  /** Opened as an address with a stored session (a guarded route, or one that follows a sign-in). */
  | { readonly by: 'session' }
  /**
   * Only a sign-in in progress renders it (the journey lives in memory, so the address alone
   * goes back to the form): signing in with one of the mock's demo accounts lands there.
   */
  | { readonly by: 'sign-in'; readonly username: string }
  /** The route only redirects: the page it leads to is what is checked. */
  | { readonly by: 'redirect'; readonly to: PortalPath };

const EXCEPTIONS: Partial<Record<PortalPath, Reach>> = {
  [paths.login]: { by: 'redirect', to: paths.signIn },
  [paths.redirectLogin]: { by: 'redirect', to: paths.logoutFeedback },
  [paths.securityQuestion]: { by: 'sign-in', username: 'question' },
  [paths.mfa]: { by: 'sign-in', username: 'mfa' },
  [paths.mfaVerification]: { by: 'sign-in', username: 'phone' },
  [paths.optionalAdoption]: { by: 'sign-in', username: 'optional' },
  [paths.password]: { by: 'session' },
  [paths.accountSetup]: { by: 'session' },
  [paths.accountSetupUsername]: { by: 'session' },
  [paths.accountSetupPassword]: { by: 'session' },
  [paths.accountSetupEmail]: { by: 'session' },
  [paths.accountSetupUsernameTaken]: { by: 'session' },
  [paths.accountSetupPhone]: { by: 'session' },
  [paths.updateEmail]: { by: 'session' },
  [paths.updatePhone]: { by: 'session' },
};

export interface PortalRoute {
  readonly path: PortalPath;
  readonly reach: Reach;
  /** The address the screen is checked at: the route's own, or where it redirects. */
  readonly lands: PortalPath;
}

/** Every route of the portal, each once, with how it is reached. */
export const portalRoutes: readonly PortalRoute[] = [...new Set(Object.values(paths))].map((path) => {
  const reach = EXCEPTIONS[path] ?? { by: 'address' };
  return { path, reach, lands: reach.by === 'redirect' ? reach.to : path };
});

/** One route of {@link portalRoutes}. */
export function portalRoute(path: PortalPath): PortalRoute {
  const route = portalRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not a route`);
  return route;
}

/** The day the mock's adoption dates are read against (as in the sign-in journey tests). */
export const FIXED_DAY = new Date('2026-11-21T10:00:00');

/** Opens a route's screen as its `reach` says; the caller checks where it landed. */
export async function openRoute(page: Page, route: PortalRoute): Promise<void> {
  await page.clock.setFixedTime(FIXED_DAY);
  const { reach } = route;
  if (reach.by === 'session') await seedSession(page);
  if (reach.by === 'sign-in') {
    await page.goto('/');
    await page.getByLabel('Username').fill(reach.username);
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    return;
  }
  await page.goto(`/#${route.path}`);
}

/**
 * Waits until the screen a route landed on has settled: the address is the one it lands on, the
 * sign-in form has given way (a navigation keeps the old screen until the new one's code is
 * loaded), the heading shows, nothing in the screen is still loading, and a captcha, which
 * takes focus once it shows, has taken it (and scrolled the page to itself).
 */
export async function screenSettled(page: Page, route: PortalRoute): Promise<void> {
  await expect(page).toHaveURL(landingUrl(route));
  if (route.lands !== paths.signIn) {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your 401(k) account' })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const captcha = page.getByRole('group', { name: 'Security check' });
  if ((await captcha.count()) > 0) await expect(captcha.locator(':focus')).toHaveCount(1);
}

/** The hash address a route lands on, as a pattern for `toHaveURL`. */
export function landingUrl(route: PortalRoute): RegExp {
  const escaped = route.lands.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return route.lands === paths.signIn ? /:\d+\/(#\/)?$/ : new RegExp(`#${escaped}$`);
}
