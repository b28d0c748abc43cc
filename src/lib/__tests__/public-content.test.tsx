import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { firstScreenRows } from '../../../generated/first-screen';
import { installApi, jsonResponse, routeFetch } from '../../testing/render';
import { configureApiClient } from '../../../gateway-client/api-client';
import { firstScreenOperations } from '../api/operation-table';
import { PUBLIC_CONTENT_RETRY_MS } from '../constants';
import {
  brandHosts,
  createPublicContent,
  prefetchPublicContent,
  PublicContentProvider,
  useAnnouncements,
  useBranding,
  type PublicContent,
} from '../public-content';

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

function PublicContentProbe() {
  const brand = useBranding();
  const announcements = useAnnouncements();
  return (
    <p>
      {brand.data?.brandName ?? 'no brand'},{' '}
      {announcements.status === 'error' ? 'no announcements' : (announcements.data?.changes.length ?? 'pending')}
    </p>
  );
}

function renderWith(content: PublicContent) {
  return render(
    <PublicContentProvider value={content}>
      <PublicContentProbe />
    </PublicContentProvider>,
  );
}

const BRAND = () => jsonResponse({ brandName: 'Example Partner 401(k)' });
const NOT_FOUND = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
const asked = (fetchMock: ReturnType<typeof installApi>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === path).length;

describe('prefetchPublicContent', () => {
  it('keeps both answers for the screens, so the first render shows them without asking again', async () => {
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': BRAND,
      '/announcements.json': () =>
        jsonResponse({ changes: [{ date: '2026-11-01', features: [{ title: 'New', description: 'A change' }] }] }),
    });
    const content = createPublicContent();
    await prefetchPublicContent(content);
    renderWith(content);
    // Synchronously, in the first render: nothing is pending.
    expect(screen.getByText('Example Partner 401(k), 1')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('settles when an answer fails, leaving the failure to the screens', async () => {
    const fetchMock = installApi();
    routeFetch(fetchMock, { '/login-gateway/public/branding/brand': BRAND, '/announcements.json': NOT_FOUND });
    const content = createPublicContent();
    await expect(prefetchPublicContent(content)).resolves.toBeUndefined();
    expect(content.announcements.store.get().status).toBe('error');
    expect(asked(fetchMock, '/announcements.json')).toBe(1);
  });

  it('asks for the brand a second time, a second after a failed first try', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetchMock = installApi();
      let tries = 0;
      routeFetch(fetchMock, {
        '/login-gateway/public/branding/brand': () => (++tries === 1 ? new Response('', { status: 503 }) : BRAND()),
        '/announcements.json': () => jsonResponse({ changes: [] }),
      });
      const content = createPublicContent();
      const settled = prefetchPublicContent(content);
      await vi.advanceTimersByTimeAsync(PUBLIC_CONTENT_RETRY_MS - 1);
      expect(tries).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(tries).toBe(2);
      expect(content.branding.store.get()).toEqual({ status: 'success', data: { brandName: 'Example Partner 401(k)' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again for an answer that failed when a screen that shows it opens', async () => {
    const fetchMock = installApi();
    let announcementsUp = false;
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': BRAND,
      '/announcements.json': () => (announcementsUp ? jsonResponse({ changes: [] }) : NOT_FOUND()),
    });
    const content = createPublicContent();
    await prefetchPublicContent(content);
    announcementsUp = true;
    renderWith(content);
    expect(await screen.findByText('Example Partner 401(k), 0')).toBeInTheDocument();
    expect(asked(fetchMock, '/announcements.json')).toBe(2);
    expect(asked(fetchMock, '/login-gateway/public/branding/brand')).toBe(1);
  });

  it('is read only inside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<PublicContentProbe />)).toThrow(/PublicContentProvider/);
  });

  it("asks for the first screen's operations (generated/first-screen.ts) and no other, without the whole operation table", async () => {
    const fetchMock = installApi();
    const loadOperations = vi.fn(async () => []);
    configureApiClient({ operations: firstScreenOperations, loadOperations });
    routeFetch(fetchMock, {
      '/login-gateway/public/branding/brand': BRAND,
      '/announcements.json': () => jsonResponse({ changes: [] }),
    });
    await prefetchPublicContent(createPublicContent());
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths.sort()).toEqual(firstScreenRows.map(([, , path]) => path).sort());
    expect(loadOperations).not.toHaveBeenCalled();
  });
});
