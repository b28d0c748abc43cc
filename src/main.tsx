import './lib/zod-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { operationRows, responseSchemaModules } from '../generated/operations';
import { ConfigErrorPage } from './app/config-error-page';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { configureApiClient } from './lib/api/api-client';
import { buildOperations } from './lib/api/operation-table';
import { FIRST_PAINT_WAIT_MS } from './lib/constants';
import { env, readPortalConfig, setPortalEnv } from './lib/env';
import { signInAuthorization } from './lib/journey/journey';
import { prefetchPublicContent } from './lib/public-content';
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
    operations: buildOperations(operationRows, responseSchemaModules),
    timeoutMs: env.apiTimeoutMs,
    readAuthToken,
    readXsrfToken,
    readBasicAuthorization: signInAuthorization,
  });

  // The first screen paints once, branded and with its announcement: nothing moves or changes
  // brand after it (no layout shift), unless the gateway is slower than FIRST_PAINT_WAIT_MS.
  // (A promise, not a top-level await, which would split the entry into many chunks.)
  const queryClient = createQueryClient();
  const firstScreenContent = Promise.race([
    prefetchPublicContent(queryClient),
    new Promise((wait) => setTimeout(wait, FIRST_PAINT_WAIT_MS)),
  ]);

  void firstScreenContent.then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <ConfigErrorPage problems={config.problems} />
    </StrictMode>,
  );
}
