import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMfaAdoptionInProgress } from '../../lib/session-writes';
import { seedSession } from '../../testing/session';
import { RequireSession, RequireStoredSession } from '../route-guard';

function renderGuarded() {
  render(
    <MemoryRouter initialEntries={['/password']}>
      <Routes>
        <Route element={<RequireSession />}>
          <Route path="/password" element={<h1>Guarded screen</h1>} />
        </Route>
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RequireSession', () => {
  it('shows the screen with a stored session', () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    renderGuarded();
    expect(screen.getByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
  });

  it('shows nothing without a session and goes to login after 50 ms', () => {
    renderGuarded();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(49));
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('refuses while multi-factor adoption is in progress', () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    setMfaAdoptionInProgress(true);
    renderGuarded();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('signs out cleanly when the stored session was tampered with', () => {
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    window.sessionStorage.setItem('role', 'ROLE_SUPERUSER');
    renderGuarded();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('RequireStoredSession', () => {
  function renderStep() {
    render(
      <MemoryRouter initialEntries={['/step']}>
        <Routes>
          <Route element={<RequireStoredSession />}>
            <Route path="/step" element={<h1>Step</h1>} />
          </Route>
          <Route path="/" element={<h1>Sign in</h1>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('a step after sign-in needs the stored session', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    cleanup();
    seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
    renderStep();
    expect(screen.getByRole('heading', { name: 'Step' })).toBeInTheDocument();
  });
});
