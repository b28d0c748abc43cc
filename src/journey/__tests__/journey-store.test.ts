import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInOf, type Step } from '../journey';

/*
 * The store reads its slot once per page: each test loads a fresh copy of the modules, as a page
 * load does.
 */
async function freshStore() {
  vi.resetModules();
  const store = await import('../journey-store');
  const slot = await import('../journey-slot');
  return { ...store, parse: slot.parseStoredStep };
}

const signIn = signInOf('ana', 'Secret#123');
const credentials: Step = { name: 'credentials', signIn, back: null };
const question: Step = { name: 'security-question', signIn, back: null };
const adoptionPhone: Step = { name: 'phone-setup', purpose: 'adoption', setup: null, back: null };

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('the journey store', () => {
  it('keeps the step in memory with its secrets, and in its one slot without them', async () => {
    const { dispatch, currentStep, signInAuthorization } = await freshStore();
    dispatch({ type: 'advance', to: credentials });
    dispatch({ type: 'advance', to: question });
    expect(currentStep()).toBe(question);
    expect(signInAuthorization()).toBe(signIn.authorization);
    expect(Object.keys(window.sessionStorage)).toEqual(['journey']);
    expect(window.sessionStorage.getItem('journey')).not.toContain(signIn.authorization.slice(6));
  });

  it('forgets the slot when the journey ends', async () => {
    const { dispatch, endJourney, signInAuthorization } = await freshStore();
    dispatch({ type: 'advance', to: adoptionPhone });
    endJourney();
    expect(window.sessionStorage.getItem('journey')).toBeNull();
    expect(signInAuthorization()).toBeNull();
  });

  it('after a reload, resumes from the slot once: adoption at its phone, a sign-in nowhere', async () => {
    const first = await freshStore();
    first.dispatch({ type: 'advance', to: adoptionPhone });
    const reloaded = await freshStore();
    reloaded.hydrateJourney(reloaded.parse);
    expect(reloaded.currentStep()).toEqual(adoptionPhone);

    reloaded.dispatch({ type: 'advance', to: credentials });
    reloaded.dispatch({ type: 'advance', to: question });
    const again = await freshStore();
    again.hydrateJourney(again.parse);
    expect(again.currentStep()).toBeNull();
  });

  it('removes a tampered slot and resumes nothing', async () => {
    window.sessionStorage.setItem('journey', '{"name":"code-entry","code":{"for":"sign-in"},"back":null}');
    const { hydrateJourney, currentStep, parse } = await freshStore();
    hydrateJourney(parse);
    expect(currentStep()).toBeNull();
    expect(window.sessionStorage.getItem('journey')).toBeNull();
  });
});
