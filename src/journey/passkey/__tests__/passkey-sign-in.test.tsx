import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelCeremony, signWithPasskey } from '../../../lib/passkeys/ceremony';
import { passkeySignInTexts } from '../../../lib/messages/passkeys';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { PasskeySignIn } from '../passkey-sign-in';

/*
 * The passkey sign-in's ceremonies against the browser's half, replaced here: the autofill's
 * prompt waits for a pick (a pending promise) until a newer ceremony aborts it, as the library's
 * abort service does; what the browser answers is each test's to say.
 */

vi.mock('../../../lib/passkeys/ceremony', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  autofillSupported: vi.fn(async () => true),
  signWithPasskey: vi.fn(),
  cancelCeremony: vi.fn(),
}));

const OPTIONS = '/login-gateway/authentication/passkey/options';
const TIMEOUT = 60_000;
const options = (n: number) =>
  jsonResponse({
    data: {
      ceremonyId: `cer_${'a'.repeat(14)}${n}`,
      publicKey: { challenge: `challenge-${n}-${'a'.repeat(22)}`, allowCredentials: [], timeout: TIMEOUT, userVerification: 'required' },
    },
    errors: [],
  });
const named = (name: string) => Object.assign(new Error(name), { name });

/** The ceremonies the browser was asked for, each with whether it was the autofill's. */
const prompts = () =>
  vi
    .mocked(signWithPasskey)
    .mock.calls.map(([publicKey, autofill]) => ({ challenge: publicKey.challenge.split('-').slice(0, 2).join('-'), autofill }));

let pending: ((error: Error) => void)[] = [];

/** Lets every task already due run, with React's work flushed: what follows from them has happened. */
async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Under the fake clock: lets the page's work run, turn by turn and no time passing, until `done`. */
async function runUntil(done: () => boolean) {
  for (let turn = 0; turn < 500 && !done(); turn += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  expect(done()).toBe(true);
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeAll(async () => {
  // The API client loads response schemas lazily: load them now, so no wait depends on a cold module.
  await import('../../../../generated/zod/sign-in/sign-in.zod');
});

beforeEach(() => {
  pending = [];
  // A prompt waits for the user; a newer ceremony (or the screen going) aborts it.
  vi.mocked(signWithPasskey).mockImplementation(() => new Promise((_, reject) => pending.push(reject)));
  vi.mocked(cancelCeremony).mockImplementation(async () => {
    for (const reject of pending.splice(0)) reject(named('AbortError'));
  });
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
  vi.clearAllMocks();
});

function renderPasskeySignIn(answer: (n: number) => Response | Promise<Response>) {
  let asked = 0;
  renderRoute(<PasskeySignIn />, {
    gateway: {
      [OPTIONS]: () => {
        asked += 1;
        return answer(asked);
      },
    },
  });
  return () => asked;
}

describe('the passkey autofill', { timeout: 20_000 }, () => {
  it('asks for fresh options 5 seconds before its options expire, and prompts with them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked = renderPasskeySignIn(options);
    await runUntil(() => prompts().length === 1);
    expect(prompts()).toEqual([{ challenge: 'challenge-1', autofill: true }]);
    vi.mocked(cancelCeremony).mockClear();
    await act(() => vi.advanceTimersByTimeAsync(TIMEOUT - 5_000 - 1));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await runUntil(() => prompts().length === 2);
    expect(prompts().at(-1)).toEqual({ challenge: 'challenge-2', autofill: true });
    expect(asked()).toBe(2);
    expect(cancelCeremony).toHaveBeenCalled();
  });

  it('in a hidden tab, waits until the tab is seen again to renew', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked = renderPasskeySignIn(options);
    await runUntil(() => prompts().length === 1);
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(10 * TIMEOUT));
    expect(asked()).toBe(1);
    await act(async () => setVisibility('visible'));
    await runUntil(() => prompts().length === 2);
    expect(prompts().at(-1)).toEqual({ challenge: 'challenge-2', autofill: true });
    expect(asked()).toBe(2);
  });

  it('leaves the button’s prompt alone when its options arrive during it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lateRead: Promise<string> | undefined;
    const asked = renderPasskeySignIn(async (n) => {
      if (n !== 1) return options(n);
      // The autofill's options come late, after the user pressed the button.
      await held;
      const late = options(n);
      const read = late.text.bind(late);
      late.text = () => (lateRead = read());
      return late;
    });
    await waitFor(() => expect(asked()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: passkeySignInTexts.signInWithPasskey }));
    await waitFor(() => expect(prompts()).toEqual([{ challenge: 'challenge-2', autofill: false }]));
    vi.mocked(cancelCeremony).mockClear();
    release();
    // The late options have been read, and what follows from them has happened.
    await waitFor(() => expect(lateRead).toBeDefined());
    await act(async () => {
      await lateRead;
    });
    await settle();
    expect(prompts()).toEqual([{ challenge: 'challenge-2', autofill: false }]);
    // The button's prompt is still open, waiting for the user: nothing cancelled it.
    expect(cancelCeremony).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: passkeySignInTexts.signInWithPasskey })).toHaveAttribute('aria-busy', 'true');
  });

  it('offers the passkeys again after the user cancels the prompt, three times in a row at most', async () => {
    vi.mocked(signWithPasskey).mockImplementation(async () => {
      throw named('NotAllowedError');
    });
    const asked = renderPasskeySignIn(options);
    await waitFor(() => expect(prompts()).toHaveLength(4));
    await settle();
    expect(asked()).toBe(4);
    expect(prompts()).toHaveLength(4);
    expect(prompts().every((prompt) => prompt.autofill)).toBe(true);
    // Nothing is said: the user cancelled.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
