import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useLinkToken } from '../use-link-token';

const RULE = { pattern: /^[A-Za-z0-9._~-]+$/, maxLength: 20 };

let navigate: NavigateFunction = () => undefined;

function Probe() {
  const token = useLinkToken(RULE);
  navigate = useNavigate();
  return <output data-testid="token">{token ?? '(none)'}</output>;
}

/** Opens another address in the same tab, as pasting a link does: the page stays mounted. */
function openInSameTab(address: string) {
  window.history.replaceState(null, '', `/#${address}`);
  act(() => void navigate(address));
}

/** Opens the hash route at `address`, in the address bar and in the router alike. */
function renderAt(address: string) {
  window.history.replaceState(null, '', `/#${address}`);
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/link" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useLinkToken', () => {
  it('reads the token and takes it out of the address bar', () => {
    renderAt('/link?token=reset-validated');
    expect(screen.getByTestId('token')).toHaveTextContent('reset-validated');
    expect(window.location.href).not.toContain('token');
    expect(window.location.hash).toBe('#/link');
  });

  it.each([
    ['no token', '/link'],
    ['an empty token', '/link?token='],
    ['a repeated token', '/link?token=a-1&token=b-2'],
    ['a token too long', `/link?token=${'a'.repeat(21)}`],
    ['a malformed token', '/link?token=%3Cscript%3E'],
  ])('reads %s as none, and still cleans the address', (_name, address) => {
    renderAt(address);
    expect(screen.getByTestId('token')).toHaveTextContent('(none)');
    expect(window.location.hash).toBe('#/link');
  });

  it('reads the token of each address the page is on, and cleans each one', () => {
    renderAt('/link?token=first-1');
    expect(screen.getByTestId('token')).toHaveTextContent('first-1');
    openInSameTab('/link?token=second-2');
    expect(screen.getByTestId('token')).toHaveTextContent('second-2');
    expect(window.location.hash).toBe('#/link');
    openInSameTab('/link?token=second-2');
    expect(window.location.hash).toBe('#/link');
    openInSameTab('/link');
    expect(screen.getByTestId('token')).toHaveTextContent('(none)');
  });
});
