import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/router';
import { configureApiClient } from './lib/api/api-client';
import { firstScreenOperations, loadOperations } from './lib/api/operation-table';
import { FIRST_PAINT_WAIT_MS } from './lib/constants';
import { env, readPortalConfig, setPortalEnv } from './lib/env';
import { activateLocale, initialLocale } from './lib/i18n/locale';
import { onFirstInteraction } from './lib/first-interaction';
import { paths } from './lib/paths';
import { createPublicContent, prefetchPublicContent, PublicContentProvider } from './lib/public-content';
import { readAuthToken, readXsrfToken } from './lib/session-storage';
import './styles.css';

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
  if ((window.location.hash.slice(1).split('?')[0] || paths.signIn) === paths.signIn) onFirstInteraction(preloadOperations);
  else preloadOperations();

  // The first screen paints once, branded and with its announcement: nothing moves or changes
  // brand after it (no layout shift), unless the gateway is slower than FIRST_PAINT_WAIT_MS.
  // (A promise, not a top-level await, which would split the entry into many chunks.)
  const publicContent = createPublicContent();
  const firstScreenContent = Promise.race([
    prefetchPublicContent(publicContent),
    new Promise((wait) => setTimeout(wait, FIRST_PAINT_WAIT_MS)),
  ]);

  // The page speaks the language chosen on this device, else the browser's, from its first paint
  // (English, whose first-screen texts come with the page, if that language cannot load).
  const language = activateLocale(initialLocale()).catch(() => activateLocale('en'));

  void Promise.all([firstScreenContent, language]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <PublicContentProvider value={publicContent}>
          <AppRoutes />
        </PublicContentProvider>
      </StrictMode>,
    ),
  );
} else {
  // Its own chunk: a deployment with a valid configuration, every visit but an operator's
  // mistake, never loads it, and the first screen's budget stays with the first screen.
  void import('./app/config-error-page').then(({ ConfigErrorPage }) =>
    createRoot(root).render(
      <StrictMode>
        <ConfigErrorPage problems={config.problems} />
      </StrictMode>,
    ),
  );
}
