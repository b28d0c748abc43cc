import { expect, holdCalls, test } from '../support/fixtures';
import { fetchMark, watchPage } from './page-watch';
import { isGatewayPath } from '../../scripts/ports.mjs';

/*
 * The walker waits, after each case, until it has heard of as many requests as the page's
 * fetches sent (fetchMark). The first screen's two answers are preloaded by the page: the app's
 * fetch of each is answered by its preload and sends nothing. When the app starts after a case
 * has begun (a busy machine: the prerendered form is usable before its script runs), counting
 * those fetches made the walker wait for requests that never come.
 */
test('the page watch counts the requests the page sent: a fetch its preload answered sent none', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const heard: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && isGatewayPath(url.pathname)) heard.push(request.url());
  });
  await watchPage(page);
  // The app's start waits until the mark is taken, as on a busy machine.
  const release = await holdCalls(page, /\/assets\/start-[\w-]+\.js$/);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const start = await fetchMark(page);
  const from = heard.length;
  expect(await page.evaluate(() => window.__watch.fetches.length), 'no fetch before the app starts').toBe(0);
  release();

  const fetched = () =>
    page.evaluate(() => window.__watch.fetches.map(({ url, preloaded }) => ({ path: new URL(url).pathname, preloaded })));
  await expect.poll(fetched).toEqual(
    expect.arrayContaining([
      { path: '/login-gateway/public/branding/brand', preloaded: true },
      { path: '/announcements.json', preloaded: true },
    ]),
  );
  // As many requests heard of as the fetches sent (the passkey autofill's options, if the
  // browser offers one).
  await expect.poll(async () => (await fetchMark(page)).fetches - start.fetches - (heard.length - from)).toBe(0);
});
