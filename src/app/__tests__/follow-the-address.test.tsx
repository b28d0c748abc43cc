import { render, screen } from '@testing-library/react';
import { HashRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowTheAddress } from '../router';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/**
 * The address changes after the router has read it and before it listens, without an event the
 * router could hear: in the browser, another link opened in this tab while React takes the
 * prerendered page over between two slices (or a link's query leaving the bar); here, as the
 * router's children are drawn.
 */
function AddressChangedUnheard({ to }: { to: string }) {
  if (window.location.hash !== to) window.history.replaceState(null, '', to);
  return null;
}

/** The router opened at `from`, the address then changed unheard to `to` (if given). */
function openRouter(from: string, to?: string, state: unknown = null) {
  window.history.replaceState(state, '', from);
  render(
    <HashRouter>
      <FollowTheAddress />
      {to === undefined ? null : <AddressChangedUnheard to={to} />}
      <Where />
    </HashRouter>,
  );
}

describe('FollowTheAddress', () => {
  afterEach(() => window.history.replaceState(null, '', '#/'));

  it('takes the router to an address that changed before the router listened, its history entry as it is', async () => {
    openRouter('#/', '#/whats-new?from=mail');
    expect(await screen.findByText('/whats-new?from=mail')).toBeTruthy();
    expect(window.location.hash).toBe('#/whats-new?from=mail');
    expect(window.history.state).toBeNull();
  });

  it('follows another query for the same screen (a second emailed link)', async () => {
    openRouter('#/verification?token=first', '#/verification?token=second');
    expect(await screen.findByText('/verification?token=second')).toBeTruthy();
  });

  it("keeps the router's query when only the query left the bar (an emailed link's token)", async () => {
    openRouter('#/verification?token=abc', '#/verification');
    expect(await screen.findByText('/verification?token=abc')).toBeTruthy();
    expect(window.location.hash).toBe('#/verification');
  });

  it('leaves the router where it is when the address has not changed', async () => {
    const state = { usr: 'kept', key: 'k', idx: 0 };
    openRouter('#/forgot-username', undefined, state);
    expect(await screen.findByText('/forgot-username')).toBeTruthy();
    expect(window.history.state).toEqual(state);
  });
});
