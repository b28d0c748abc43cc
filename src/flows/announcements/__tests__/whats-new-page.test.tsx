import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { WhatsNewPage } from '../whats-new-page';

describe('WhatsNewPage', () => {
  it('groups the announcements by date, in the long format, with a back link', async () => {
    renderRoute(<WhatsNewPage />, {
      gateway: {
        '/announcements.json': () =>
          jsonResponse({
            changes: [
              { date: '2026-11-14', features: [{ title: 'Authenticator apps', description: 'Use an app.' }] },
              { date: '2026-09-02', features: [{ title: 'Username by email', description: 'Ask for it.' }] },
            ],
          }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'November 14, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'September 2, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Authenticator apps' })).toBeInTheDocument();
    expect(screen.getByText('Use an app.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('says so when the announcements cannot be loaded', async () => {
    renderRoute(<WhatsNewPage />, {
      gateway: { '/announcements.json': () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The updates could not be loaded');
  });
});
