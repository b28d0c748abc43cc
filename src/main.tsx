import './lib/zod-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { operations } from '../generated/operations';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { configureApiClient } from './lib/api/api-client';
import { env } from './lib/env';
import { signInAuthorization } from './lib/journey/journey';
import { readAuthToken, readXsrfToken } from './lib/session-storage';
import './styles.css';

configureApiClient({
  operations,
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
