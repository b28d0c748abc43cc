// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderSignIn } from '../prerender';

/*
 * What the build writes into index.html. That the app hydrates it without a mismatch, keeping
 * the same elements and what was typed, is tests/e2e/prerender.spec.ts's (in the browser: React's
 * server renderer leaves its context values behind, which a hydration in the same page's realm
 * would read).
 */
describe('the prerendered sign-in screen', () => {
  it('holds the heading, the form and its labels, in English, with no brand and no session', async () => {
    const html = await prerenderSignIn();
    expect(html).toContain('<h1 id="sign-in-heading" tabindex="-1" class="page-heading">Sign in to your 401(k) account</h1>');
    expect(html).toMatch(/<label class="field__label" for="[^"]+">Username<\/label>/);
    expect(html).toMatch(/<label class="field__label" for="[^"]+">Password<\/label>/);
    expect(html).toContain('Why create an online account?');
    // A plain button until the app takes the form over: the browser cannot send it by itself.
    expect(html).toContain('<button type="button" class="button button--primary">Sign In</button>');
    // The brand's logos and the announcement arrive later, into room kept for them.
    expect(html).not.toContain('<img');
    expect(html).toContain('<div class="public-shell__announcement"></div>');
  });

  it('marks the parts React takes over on their own, a few milliseconds at a time: the page, then the screen in its main landmark', async () => {
    // A Suspense boundary (`<!--$-->` to `<!--/$-->`) is hydrated after what is around it, at a
    // low priority, in slices between which the page answers (src/app/portal.tsx).
    const html = await prerenderSignIn();
    expect(html.startsWith('<!--$--><div class="app-frame">')).toBe(true);
    expect(html).toContain('<main id="main-content" class="app-frame__main" tabindex="-1"><!--$--><div class="public-shell">');
  });
});
