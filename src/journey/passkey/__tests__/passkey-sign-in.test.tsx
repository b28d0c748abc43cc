import { act, fireEvent, screen } from '@testing-library/react';
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
  it('asks for fresh options when its options expire, and prompts with them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked = renderPasskeySignIn(options);
    await vi.waitFor(() => expect(prompts()).toEqual([{ challenge: 'challenge-1', autofill: true }]));
    vi.mocked(cancelCeremony).mockClear();
    await act(() => vi.advanceTimersByTimeAsync(TIMEOUT - 1_000));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() => expect(prompts().at(-1)).toEqual({ challenge: 'challenge-2', autofill: true }));
    expect(asked()).toBe(2);
    expect(cancelCeremony).toHaveBeenCalled();
  });

  it('leaves the button’s prompt alone when its options arrive during it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked = renderPasskeySignIn(async (n) => {
      // The autofill's options come late, after the user pressed the button.
      if (n === 1) await held;
      return options(n);
    });
    await vi.waitFor(() => expect(asked()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: passkeySignInTexts.signInWithPasskey }));
    await vi.waitFor(() => expect(prompts()).toEqual([{ challenge: 'challenge-2', autofill: false }]));
    vi.mocked(cancelCeremony).mockClear();
    await act(async () => {
      release();
      await held;
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(prompts()).toEqual([{ challenge: 'challenge-2', autofill: false }]);
    // The button's prompt is still open, waiting for the user: nothing cancelled it.
    expect(cancelCeremony).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: passkeySignInTexts.signInWithPasskey })).toHaveAttribute('aria-busy', 'true');
  });

  it('offers the passkeys again after the user cancels the prompt, three times in a row at most', async () => {
    vi.mocked(signWithPasskey).mockImplementation(async () => {
      throw named('NotAllowedError');
    });
    renderPasskeySignIn(options);
    await vi.waitFor(() => expect(prompts()).toHaveLength(4));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(prompts()).toHaveLength(4);
    expect(prompts().every((prompt) => prompt.autofill)).toBe(true);
    // Nothing is said: the user cancelled.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
