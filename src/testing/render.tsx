import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { createPublicContent, PublicContentProvider } from '../lib/public-content';
import { configureApiClient } from '../../gateway-client/api-client';
import { operations } from '../lib/api/operations';
import { signInAuthorization } from '../journey/journey-store';
import { readAuthToken } from '../lib/session-storage';
import '../lib/zod-setup';

/** The current route, rendered so tests can assert navigation as a person would see it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a screen at a route with the real query client and API client (the contract's
 * operation table and response validation); only `fetch` is replaced.
 */
export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    at = path,
    gateway,
    guard,
  }: {
    path?: string;
    at?: string;
    gateway?: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;
    /** A route element above the screen's route (a guard, as the route table has it). */
    guard?: ReactNode;
  } = {},
) {
  const fetchMock = installApi();
  if (gateway) routeFetch(fetchMock, gateway);
  const result: RenderResult = render(
    <QueryClientProvider client={createQueryClient()}>
      <PublicContentProvider value={createPublicContent()}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            {guard ? (
              <Route element={guard}>
                <Route path={path} element={element} />
              </Route>
            ) : (
              <Route path={path} element={element} />
            )}
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </PublicContentProvider>
    </QueryClientProvider>,
  );
  return { ...result, fetchMock };
}

/** The real API client with the contract's operations, over a fetch mock. */
export function installApi() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({
    operations,
    timeoutMs: 2000,
    readAuthToken,
    readXsrfToken: () => null,
    readBasicAuthorization: signInAuthorization,
  });
  return fetchMock;
}

/** A fetch mock that answers by path: `{ '/login-gateway/x': () => jsonResponse(...) }`; anything else fails the test. */
export function routeFetch(
  fetchMock: ReturnType<typeof installApi>,
  routes: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const answer = routes[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer(init);
  });
}

/** A JSON response for the fetch mock. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The contract's 429 (`TooManyRequests`) for the fetch mock: the error envelope and its
 * `Retry-After` (300 seconds reads 'Try again in 5 minutes.'). Its description is the gateway's,
 * not the portal's wait, so a screen that shows it instead of the wait fails the test.
 */
export function throttledResponse(retryAfter = '300'): Response {
  return new Response(JSON.stringify({ errors: [{ code: 'TOO_MANY_REQUESTS', description: 'Slow down' }] }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });
}
