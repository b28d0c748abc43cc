import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { firstScreenRows } from '../../../generated/first-screen';
import { getGetAnnouncementsQueryKey } from '../../../generated/hooks/announcements/announcements';
import { installApi, jsonResponse, routeFetch } from '../../testing/render';
import { configureApiClient } from '../api/api-client';
import { firstScreenOperations } from '../api/operation-table';
import { createQueryClient } from '../query-client';
import { brandHosts, prefetchPublicContent, useAnnouncements, useBranding } from '../public-content';

describe('brandHosts', () => {
  it("lists each host of the brand's https links once, with a port when it has one", () => {
    expect(
      brandHosts({
        leftLogoLink: 'https://assets.example-partner.com/logo-left.svg',
        rightLogoLink: 'https://assets.example-partner.com/logo-right.svg',
        privacyLink: 'https://WWW.Example-Partner.com/privacy',
        brandedLoginLink: 'https://login.example-partner.com:8443/login',
        alternateLeftLogoLink: null,
      }),
    ).toEqual(['assets.example-partner.com', 'www.example-partner.com', 'login.example-partner.com:8443']);
  });

  it('ignores links that are not https URLs', () => {
    expect(
      brandHosts({
        leftLogoLink: 'javascript:alert(1)',
        rightLogoLink: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        privacyLink: 'http://www.example-partner.com/privacy',
        brandedLoginLink: '//evil.example/login',
        alternateLeftLogoLink: '/relative/logo.svg',
        faviconLink: '',
      }),
    ).toEqual([]);
    expect(brandHosts(undefined)).toEqual([]);
  });
});

function PublicContent() {
  const brand = useBranding();
  const announcements = useAnnouncements();
  return (
    <p>
      {brand.data?.brandName ?? 'no brand'},{' '}
      {announcements.isError ? 'no announcements' : (announcements.data?.changes.length ?? 'pending')}
    </p>
  );
}

describe('prefetchPublicContent', () => {
  it('puts both answers in the cache the hooks read, so the first render shows them without asking again', async () => {
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': () => jsonResponse({ brandName: 'Example Partner 401(k)' }),
      '/announcements.json': () =>
        jsonResponse({ changes: [{ date: '2026-11-01', features: [{ title: 'New', description: 'A change' }] }] }),
    });
    const queryClient = createQueryClient();
    await prefetchPublicContent(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <PublicContent />
      </QueryClientProvider>,
    );
    // Synchronously, in the first render: nothing is pending.
    expect(screen.getByText('Example Partner 401(k), 1')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('settles when an answer fails, leaving the failure to the screens', async () => {
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': () => jsonResponse({ brandName: 'Example Partner 401(k)' }),
      '/announcements.json': () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
    });
    const queryClient = createQueryClient();
    await expect(prefetchPublicContent(queryClient)).resolves.toBeUndefined();
    expect(queryClient.getQueryState(getGetAnnouncementsQueryKey())?.status).toBe('error');
  });

  it("asks for the first screen's operations (generated/first-screen.ts) and no other, without the whole operation table", async () => {
    const fetchMock = installApi();
    const loadOperations = vi.fn(async () => []);
    configureApiClient({ operations: firstScreenOperations, loadOperations });
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': () => jsonResponse({ brandName: 'Example Partner 401(k)' }),
      '/announcements.json': () => jsonResponse({ changes: [] }),
    });
    await prefetchPublicContent(createQueryClient());
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(asked.sort()).toEqual(firstScreenRows.map(([, , path]) => path).sort());
    expect(loadOperations).not.toHaveBeenCalled();
  });
});
