import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HashRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteLink } from '../route-link';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

describe('RouteLink', () => {
  it("names the route's address in the hash, as the portal's router reads it", () => {
    window.location.hash = '';
    render(
      <HashRouter>
        <RouteLink to="/whats-new">See What&apos;s New</RouteLink>
      </HashRouter>,
    );
    expect(screen.getByRole('link', { name: "See What's New" })).toHaveAttribute('href', '#/whats-new');
  });

  it('navigates in the page on a click, after its own handler', async () => {
    const onClick = vi.fn();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <RouteLink to="/forgot-username" onClick={onClick}>
                I forgot my username
              </RouteLink>
            }
          />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'I forgot my username' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('/forgot-username');
  });

  it('leaves a modified click (a new tab) and a prevented one to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <RouteLink to="/elsewhere" onClick={(event) => event.altKey && event.preventDefault()}>
          Elsewhere
        </RouteLink>
        <Where />
      </MemoryRouter>,
    );
    // After React has handled a click: whether anything prevented the default; then no document
    // navigation (jsdom has none) follows.
    const prevented: boolean[] = [];
    const record = (event: Event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { altKey: true });
    window.removeEventListener('click', record);
    expect(prevented).toEqual([false, true]);
    expect(screen.getByRole('status')).toHaveTextContent(/^\/$/);
  });
});
