import './lib/zod-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { operationRows, responseSchemaModules } from '../generated/operations';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { configureApiClient } from './lib/api/api-client';
import { buildOperations } from './lib/api/operation-table';
import { env } from './lib/env';
import { signInAuthorization } from './lib/journey/journey';
import { readAuthToken, readXsrfToken } from './lib/session-storage';
import './styles.css';

configureApiClient({
  operations: buildOperations(operationRows, responseSchemaModules),
  timeoutMs: env.apiTimeoutMs,
  readAuthToken,
  readXsrfToken,
  readBasicAuthorization: signInAuthorization,
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <AppRoutes />
    </QueryClientProvider>
  </StrictMode>,
);
