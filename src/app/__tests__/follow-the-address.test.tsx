import { render, screen } from '@testing-library/react';
import { HashRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowTheAddress } from '../router';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/**
 * Another link opened in this tab after the router has read the address and before it listens:
 * in the browser, while React takes the prerendered page over between two slices; here, as the
 * router's children are drawn. The address changes without an event the router could hear.
 */
function LinkOpenedMeanwhile({ to }: { to: string }) {
  if (window.location.hash !== to) window.history.replaceState(null, '', to);
  return null;
}

describe('FollowTheAddress', () => {
  afterEach(() => window.history.replaceState(null, '', '#/'));

  it('takes the router to an address that changed before the router listened', async () => {
    window.history.replaceState(null, '', '#/');
    render(
      <HashRouter>
        <FollowTheAddress />
        <LinkOpenedMeanwhile to="#/whats-new?from=mail" />
        <Where />
      </HashRouter>,
    );
    expect(await screen.findByText('/whats-new?from=mail')).toBeTruthy();
    expect(window.location.hash).toBe('#/whats-new?from=mail');
  });

  it('leaves the router where it is when the address has not changed', async () => {
    window.history.replaceState({ usr: 'kept', key: 'k', idx: 0 }, '', '#/forgot-username');
    render(
      <HashRouter>
        <FollowTheAddress />
        <Where />
      </HashRouter>,
    );
    expect(await screen.findByText('/forgot-username')).toBeTruthy();
    expect(window.history.state).toEqual({ usr: 'kept', key: 'k', idx: 0 });
  });
});
