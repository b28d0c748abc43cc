import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createPublicContent, PublicContentProvider } from '../../../lib/public-content';
import { installApi, jsonResponse, routeFetch } from '../../../testing/render';
import { PublicShell } from '../public-shell';

const branding = {
  brandName: 'Example Partner 401(k)',
  contactInfo: { supportPhone: '800-555-0100', supportPhoneExtension: '2', adminAddress: 'admin@example-partner.com' },
};
const announcements = {
  changes: [
    {
      date: '2026-11-14',
      features: [
        { title: 'A', description: 'a' },
        { title: 'B', description: 'b' },
      ],
    },
    { date: '2026-09-02', features: [{ title: 'C', description: 'c' }] },
  ],
};

function renderShell(answers: { announcements?: unknown; branding?: unknown } = {}, signedIn = false) {
  const fetchMock = installApi();
  routeFetch(fetchMock, {
    '/login-gateway/public/branding/brand': () => jsonResponse(answers.branding ?? branding),
    '/announcements.json': () => jsonResponse(answers.announcements ?? announcements),
  });
  render(
    <PublicContentProvider value={createPublicContent()}>
      <MemoryRouter>
        <Routes>
          <Route element={<PublicShell signedIn={signedIn} />}>
            <Route index element={<h1>Child route</h1>} />
          </Route>
          <Route path="/forgot-username" element={<h1>Forgot username</h1>} />
        </Routes>
      </MemoryRouter>
    </PublicContentProvider>,
  );
}

describe('PublicShell', () => {
  it('shows the child route, the benefits and the latest announcement', async () => {
    renderShell();
    expect(screen.getByRole('heading', { name: 'Child route' })).toBeInTheDocument();
    const benefits = screen.getByRole('region', { name: 'Why create an online account?' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(3);
    const banner = await screen.findByRole('region', { name: 'Latest update' });
    expect(banner).toHaveTextContent('Update 11/14');
    expect(banner).toHaveTextContent('2 new updates!');
    expect(within(banner).getByRole('link', { name: "See What's New" })).toHaveAttribute('href', '/whats-new');
  });

  it('offers no sign-in help once the user has signed in (optional adoption)', async () => {
    renderShell({}, true);
    expect(screen.getByRole('heading', { name: 'Child route' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Your Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Having trouble signing in?' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Latest update' })).toBeInTheDocument();
  });

  it('shows no banner without announcements', async () => {
    renderShell({ announcements: { changes: [] } });
    await screen.findByRole('heading', { name: 'Child route' });
    expect(screen.queryByRole('region', { name: 'Latest update' })).not.toBeInTheDocument();
  });

  it("explains account creation with the brand's contacts", async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Account' });
    expect(dialog).toHaveTextContent('enrollment email');
    expect(dialog).toHaveTextContent('eligib');
    expect(await within(dialog).findByRole('link', { name: 'admin@example-partner.com' })).toHaveAttribute(
      'href',
      'mailto:admin@example-partner.com',
    );
    expect(within(dialog).getByRole('link', { name: '800-555-0100 ext. 2' })).toHaveAttribute('href', 'tel:8005550100,2');
    expect(within(dialog).getByRole('link', { name: 'partners page' })).toHaveAttribute('href', expect.stringMatching(/^https:/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a@b.com?bcc=evil@x.com', '800-555-0100', 'alert(1)'],
    ['"><img src=x onerror=alert(1)>', '800-555-0100;ext=evil', '2'],
    ['a@b.com\r\nbcc:x', '800-555-0100', '2&x=1'],
  ])('shows a hostile admin address %j and phone %j ext %j as text, not links', async (adminAddress, supportPhone, extension) => {
    renderShell({ branding: { brandName: 'Hostile', contactInfo: { adminAddress, supportPhone, supportPhoneExtension: extension } } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Your Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Account' });
    await waitFor(() => expect(dialog.textContent).toContain(adminAddress));
    expect(dialog.textContent).toContain(`${supportPhone} ext. ${extension}`);
    const hrefs = within(dialog)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([expect.stringMatching(/^https:/)]);
    expect(dialog.querySelector('img, [href^="mailto:"], [href^="tel:"], [href^="javascript:"]')).toBeNull();
  });

  it('offers help with a forgotten username, password or the Help Center', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Having trouble signing in?' }));
    const dialog = await screen.findByRole('dialog', { name: 'What can we help you with?' });
    expect(within(dialog).getByRole('link', { name: 'I forgot my password' })).toHaveAttribute('href', '/reset-password');
    expect(within(dialog).getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', expect.stringMatching(/^https:/));
    await userEvent.click(within(dialog).getByRole('link', { name: 'I forgot my username' }));
    expect(screen.getByRole('heading', { name: 'Forgot username' })).toBeInTheDocument();
  });
});
