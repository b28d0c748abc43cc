import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hasAcceptedCookies } from '../../../lib/session-storage';
import { CookieBanner } from '../cookie-banner';

describe('CookieBanner', () => {
  it('goes once accepted, and focus moves to the page instead of falling to <body>', async () => {
    render(
      <>
        <main id="main-content" tabIndex={-1}>
          Page
        </main>
        <CookieBanner />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept cookies' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(hasAcceptedCookies()).toBe(true);
  });
});
