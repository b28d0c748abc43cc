import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { operations } from '../generated/operations';
import { AppRoutes } from './app/router';
import { Providers } from './app/providers';
import { createQueryClient } from './lib/query-client';
import { configureApiClient } from './lib/api/api-client';
import { env } from './lib/env';
import { readAuthToken, readXsrfToken } from './lib/session-storage';
import './styles.css';

configureApiClient({
  operations,
  timeoutMs: env.apiTimeoutMs,
  readAuthToken,
  readXsrfToken,
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
