import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { openRoute, portalRoutes, screenSettled } from '../support/routes';
import { chooseLocale, translate } from '../support/texts';

/*
 * Not a test: the screenshot pass of `npm run screenshots`. Every route, opened as the
 * end-to-end check of every route opens it, photographed whole at a phone's and a laptop's
 * width, as a first-time visitor sees it (the cookie banner included), in English and in Spanish
 * (`-es`). Nothing compares them.
 */

const SCREENS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

const folder = join(process.cwd(), 'screenshots');

for (const locale of ['en', 'es'] as const) {
  for (const route of portalRoutes) {
    const name = route.path === '/' ? 'root' : route.path.slice(1).replaceAll('/', '_');
    const suffix = locale === 'en' ? '' : `-${locale}`;
    test(`${route.path} (${locale})`, async ({ page }) => {
      if (locale !== 'en') await chooseLocale(page, locale);
      await page.setViewportSize(SCREENS[0]);
      await openRoute(page, route);
      await screenSettled(page, route);
      if (route.lands === '/') await expect(page.getByRole('region', { name: translate(locale, 'Latest update') })).toBeVisible();
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        // The screen made as tall as the page: the sticky cookie banner then sits at the page's
        // end, where it is once scrolled to, instead of over the middle of a full-page capture.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: screen.width, height: Math.max(screen.height, height) });
        await page.screenshot({ path: join(folder, `${name}-${screen.width}${suffix}.png`), animations: 'disabled' });
      }
    });
  }
}
