import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOf, type Step } from '../journey';
import { currentStep, dispatch, endJourney } from '../journey-store';
import { RequireStep, useStep } from '../require-step';
import { reach } from './journey-steps';

const signIn = signInOf('ana', 'pw');
const credentials: Step = { name: 'credentials', signIn, back: null };
const choice: Step = { name: 'method-choice', attempt: { kind: 'sign-in', signIn }, back: credentials };
const code: Step = {
  name: 'code-entry',
  code: { for: 'sign-in', signIn, method: { type: 'sms', contactInfo: '5555551234' }, methodCount: 2 },
  back: choice,
};

let navigateTo: (path: string) => void = () => undefined;

function Screen({ name }: { readonly name: 'method-choice' | 'code-entry' | 'email-setup' }) {
  const step = useStep(name);
  return <h1>{step.name}</h1>;
}

function Probe() {
  const { pathname } = useLocation();
  navigateTo = useNavigate();
  return <output data-testid="location">{pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Sign in</h1>} />
        <Route element={<RequireStep name="method-choice" fallback="/" />}>
          <Route path="/mfa" element={<Screen name="method-choice" />} />
        </Route>
        <Route element={<RequireStep name="code-entry" fallback="/" />}>
          <Route path="/mfa-verification" element={<Screen name="code-entry" />} />
        </Route>
        <Route element={<RequireStep name="email-setup" begin="email-setup" />}>
          <Route path="/update-email" element={<Screen name="email-setup" />} />
        </Route>
      </Routes>
      <Probe />
    </MemoryRouter>,
  );
}

afterEach(endJourney);

describe('RequireStep', () => {
  it('shows the screen of the step the journey is on, with its step', () => {
    reach(code);
    renderAt('/mfa-verification');
    expect(screen.getByRole('heading', { name: 'code-entry' })).toBeInTheDocument();
  });

  it('without a journey goes to its fallback', () => {
    renderAt('/mfa-verification');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('with another step in progress, which did not come through this one, shows that step instead', () => {
    reach({ name: 'email-setup', back: null });
    renderAt('/mfa');
    expect(screen.getByTestId('location')).toHaveTextContent('/update-email');
    expect(screen.getByRole('heading', { name: 'email-setup' })).toBeInTheDocument();
  });

  it('arriving at a step the current one came from (Back, the browser) rewinds the journey to it', () => {
    reach(code);
    renderAt('/mfa-verification');
    act(() => navigateTo('/mfa'));
    expect(screen.getByRole('heading', { name: 'method-choice' })).toBeInTheDocument();
    expect(currentStep()).toBe(choice);
    // Forward again: the code is no longer on its way, so the choice shows.
    act(() => navigateTo('/mfa-verification'));
    expect(screen.getByTestId('location')).toHaveTextContent('/mfa');
  });

  it('does not rewind when the journey moves on while the next route is on its way', () => {
    reach(choice);
    renderAt('/mfa');
    act(() => dispatch({ type: 'advance', to: code }));
    expect(currentStep()).toBe(code);
    act(() => navigateTo('/mfa-verification'));
    expect(screen.getByRole('heading', { name: 'code-entry' })).toBeInTheDocument();
  });

  it('begins a journey of its own where it may, once, on arrival', () => {
    renderAt('/update-email');
    expect(screen.getByRole('heading', { name: 'email-setup' })).toBeInTheDocument();
    expect(currentStep()).toEqual({ name: 'email-setup', back: null });
    // A journey that ends while the screen shows (a sign-out) is not begun again.
    act(() => endJourney());
    expect(currentStep()).toBeNull();
    expect(screen.getByRole('heading', { name: 'email-setup' })).toBeInTheDocument();
  });

  it('keeps the screen when the journey ends while it shows (the user is leaving)', () => {
    reach(code);
    renderAt('/mfa-verification');
    act(() => endJourney());
    expect(screen.getByRole('heading', { name: 'code-entry' })).toBeInTheDocument();
  });
});
