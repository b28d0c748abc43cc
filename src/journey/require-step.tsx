import { useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { paths } from '../lib/paths';
import { freshSetup, routeOf, trail, type Step, type StepName, type StepOf } from './journey';
import { useJourneyStep } from './journey-slot';
import { dispatch, lostJourneyStart } from './journey-store';

export interface RequireStepProps {
  readonly name: StepName;
  /**
   * Where to go when no journey is in progress (the start of what the step belongs to): by
   * default the sign-in form, or a reset's first step when a reload could not resume a reset.
   */
  readonly fallback?: string;
  /** Begins a journey at this step instead (a screen a signed-in user may open by address). */
  readonly begin?: keyof typeof BEGINNINGS;
}

/*
 * The journey's steps a signed-in user may open by address begin a journey of their own there:
 * account setup's first step, the email's verification, the phone after a sign-in without any
 * method, and the profile's new phone.
 */
const BEGINNINGS = {
  setup: (): Step => ({ name: 'setup-username', setup: freshSetup(), back: null }),
  'email-setup': (): Step => ({ name: 'email-setup', back: null }),
  'phone-after-sign-in': (): Step => ({ name: 'phone-setup', purpose: 'sign-in', setup: null, back: null }),
  'profile-phone': (): Step => ({ name: 'phone-setup', purpose: 'profile', setup: null, back: null }),
} as const;

/**
 * A journey step's route: it shows when the journey is on that step, or came through it (Back,
 * or the browser's back button, which rewinds the journey to it). Otherwise the route begins a
 * journey of its own when it may; else another step in progress shows its own route, and no
 * journey goes to the fallback. The screen gets its step as the outlet's context ({@link useStep}).
 */
export function RequireStep({ name, fallback, begin }: RequireStepProps) {
  const { pathname, key } = useLocation();
  const current = useJourneyStep();
  const here = (step: Step | null): step is Step => step?.name === name && routeOf(step) === pathname;
  const found = here(current) ? current : (trail(current).find(here) ?? null);
  // A journey that ends while its screen is shown (the user is leaving for a dashboard) keeps
  // the screen until the page goes.
  const shown = useRef<Step | null>(found);
  if (found) shown.current = found;
  // Arriving here (a navigation, not a move of the journey while the next route is on its way)
  // rewinds the journey to this step, or begins one.
  const arrival = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (arrival.current === key) return;
    arrival.current = key;
    if (found && found !== current) dispatch({ type: 'rewind', to: found.name });
    else if (!found && begin) dispatch({ type: 'advance', to: BEGINNINGS[begin]() });
  }, [begin, current, found, key]);
  const step = found ?? (current === null ? shown.current : null);
  if (step) return <Outlet context={step} />;
  if (begin) return null;
  return <Navigate to={current ? routeOf(current) : (fallback ?? lostJourneyStart() ?? paths.signIn)} replace />;
}

/** The step a screen behind {@link RequireStep} shows. */
export function useStep<N extends StepName>(name: N): StepOf<N> {
  const step = useOutletContext<Step | undefined>();
  if (step?.name !== name) throw new Error(`The ${name} screen needs <RequireStep name="${name}"> above it in the route table`);
  return step as StepOf<N>;
}
