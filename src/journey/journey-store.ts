import { onSignOut } from '../lib/session';
import { sessionSlot } from '../lib/session-writes';
import { createStore } from '../lib/store';
import { attemptOf, persisted, reduce, restartOf, resume, type JourneyEvent, type Step } from './journey';

/*
 * The journey in progress: the current step in memory, with its secrets, and in one session
 * storage slot without them, so a reload resumes where journey.ts's `resume` says. The slot is
 * read once, by the first journey screen that needs it (`hydrateJourney`, whose parser checks a
 * stored value that may have been tampered with); the sign-in form, which only begins journeys,
 * never reads it, so the first screen carries no parser.
 */

const store = createStore<Step | null>(null);
let hydrated = false;
/** The slot's value is parsed by the caller of `hydrateJourney`; written here without secrets. */
const slot = sessionSlot<Step>(
  'journey',
  () => null,
  (step) => JSON.stringify(persisted(step)),
);

/**
 * Reads the slot once (a value the parser refuses is tampering: removed, no journey) and
 * resumes from it. Later calls do nothing: memory is then the truth.
 */
export function hydrateJourney(parse: (raw: string) => Step | null): void {
  if (hydrated) return;
  hydrated = true;
  const stored = sessionSlot<Step>('journey', parse, String).read();
  if (store.get() !== null) return;
  store.set(resume(stored));
  lostStart = restartOf(stored);
}

let lostStart: string | null = null;

/** Where a journey the reload could not resume began (a reset's first step), if it was not a sign-in. */
export function lostJourneyStart(): string | null {
  return lostStart;
}

/** Moves the journey (see journey.ts's `reduce`) and keeps the slot in step; throws IllegalMove. */
export function dispatch(event: JourneyEvent): Step | null {
  // A move made before any journey screen read the slot replaces what it held.
  hydrated = true;
  lostStart = null;
  const next = reduce(store.get(), event);
  store.set(next);
  if (next) slot.write(next);
  else slot.remove();
  return next;
}

export const currentStep = store.get;
export const useCurrentStep = store.use;

/** The `Authorization` of the sign-in in progress, for the API client's sign-in calls. */
export function signInAuthorization(): string | null {
  const step = store.get();
  const attempt = step && attemptOf(step);
  return attempt && 'signIn' in attempt ? attempt.signIn.authorization : null;
}

export function endJourney(): void {
  dispatch({ type: 'end' });
}

// A sign-out forgets the journey in memory too (an account setup's password), whatever caused
// it. Registered when the journey first loads: before that, there is no journey to forget (and
// the sign-out clears its slot with the rest of session storage).
onSignOut(endJourney);
