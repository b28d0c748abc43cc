import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Portal } from './app/portal';
import { AppRoutes } from './app/router';
import { configureApiClient } from '../gateway-client/api-client';
import { firstScreenOperations, loadOperations } from './lib/api/operation-table';
import { FIRST_PAINT_WAIT_MS } from './lib/constants';
import { env, readPortalConfig, setPortalEnv } from './lib/env';
import { takeoverStarts, whenScreenIn } from './lib/hydration';
import { nextTask } from './lib/next-task';
import { activateLocale, initialLocale } from './lib/i18n/locale';
import { onFirstInteraction } from './lib/first-interaction';
import { paths } from './lib/paths';
import { createPublicContent, prefetchPublicContent } from './lib/public-content';
import { readAuthToken, readXsrfToken } from './lib/session-storage';
import './styles.css';

/** A press on the prerendered page made before the app took it over, to be done again once it has. */
export type EarlyPress = () => void;

/**
 * Starts the app in the page: src/main.tsx calls it once the page has painted, with the press it
 * remembered until now (`takeEarlyPress` stops it remembering). It starts in the task after the
 * one that evaluated the app's code, so that a key press can come in between (neither task alone
 * holds the page long).
 */
export async function startPortal(takeEarlyPress: () => EarlyPress | undefined): Promise<void> {
  await nextTask();
  // From here on, the app answers presses itself (React also does a press made while it hydrates).
  let earlyPress = takeEarlyPress();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // This deployment's configuration, which the server wrote into the page: nothing starts
  // without a valid one (the page names what is wrong instead).
  const config = readPortalConfig(document);
  if (config.ok) {
    setPortalEnv(config.env);
    configureApiClient({
      operations: firstScreenOperations,
      loadOperations,
      timeoutMs: env.apiTimeoutMs,
      readAuthToken,
      readXsrfToken,
      // Only the sign-in calls ask, once the sign-in's code (and with it the journey) has loaded.
      readBasicAuthorization: async () => (await import('./journey/journey-store')).signInAuthorization(),
    });

    // The sign-in form calls only the first screen's operations until someone uses it: the rest of
    // the table loads with the first key or pointer press, ahead of the call that needs it. Any
    // other route calls the gateway as it opens, so it loads at once.
    const preloadOperations = () => void loadOperations().catch(() => undefined);
    const onSignIn = () => (window.location.hash.slice(1).split('?')[0] || paths.signIn) === paths.signIn;
    const atSignIn = onSignIn();
    if (atSignIn) onFirstInteraction(preloadOperations);
    else preloadOperations();

    const publicContent = createPublicContent();
    const locale = initialLocale();

    if (atSignIn && root.hasAttribute('data-prerendered')) {
      // The sign-in screen came prerendered in the page (src/prerender.tsx), in English and before
      // any answer, and has painted already: the app takes it over as it is (what was typed stays),
      // then the brand and the announcement arrive into the room kept for them, and a page in
      // another language changes its texts once that language's catalogue is in.
      // React takes the page over in slices (the Suspense boundaries of src/app/portal.tsx and
      // src/components/layout/app-frame.tsx), the screen last. The language changes only once the
      // screen is in (`activateLocale` waits for it, as a press on the language switch does): texts
      // changed before would not match the page's, and React would draw the page again, emptied of
      // what was typed. Not in a transition either: an update to the root while it hydrates in a
      // transition does the same. A press made on the page before now is done then, on the app's
      // own buttons (once the screen is in, as the language).
      takeoverStarts();
      void activateLocale(locale).catch(() => activateLocale('en'));
      let hydrated = false;
      void whenScreenIn().then(() => {
        hydrated = true;
        // The app knows now whether the cookies were accepted (index.html's script marked it early).
        delete document.documentElement.dataset.cookies;
        const press = earlyPress;
        earlyPress = undefined;
        press?.();
      });
      // Another link opened in this tab before hydration is done (only the part after `#` changes,
      // so the page stays) draws another screen than the prerendered one: React reports the
      // mismatch and draws the page anew at that address, which is what the link asks for. That
      // mismatch is expected and not reported; any other error is, as React would by default.
      const onRecoverableError = (error: unknown) => {
        if (!hydrated && !onSignIn()) return;
        reportError(error);
      };
      hydrateRoot(
        root,
        <Portal publicContent={publicContent}>
          <AppRoutes />
        </Portal>,
        { onRecoverableError },
      );
      void prefetchPublicContent(publicContent);
    } else {
      // Any other route draws itself: the prerendered sign-in screen is not this page's (and was
      // hidden from the start at another address: index.html's script and styles.css).
      root.replaceChildren();
      root.removeAttribute('data-prerendered');
      // It paints once, branded and with its announcement: nothing moves or changes brand after it
      // (no layout shift), unless the gateway is slower than FIRST_PAINT_WAIT_MS.
      // (A promise, not a top-level await, which would split the entry into many chunks.)
      const firstContent = Promise.race([
        prefetchPublicContent(publicContent),
        new Promise((wait) => setTimeout(wait, FIRST_PAINT_WAIT_MS)),
      ]);
      // The page speaks the language chosen on this device, else the browser's, from its first
      // paint (English, whose first-screen texts come with the page, if that language cannot load).
      const language = activateLocale(locale).catch(() => activateLocale('en'));
      void Promise.all([firstContent, language]).then(() =>
        createRoot(root).render(
          <Portal publicContent={publicContent}>
            <AppRoutes />
          </Portal>,
        ),
      );
    }
  } else {
    // Its own chunk: a deployment with a valid configuration, every visit but an operator's
    // mistake, never loads it, and the first screen's budget stays with the first screen.
    root.replaceChildren();
    root.removeAttribute('data-prerendered');
    void import('./app/config-error-page').then(({ ConfigErrorPage }) =>
      createRoot(root).render(
        <StrictMode>
          <ConfigErrorPage problems={config.problems} />
        </StrictMode>,
      ),
    );
  }
}
