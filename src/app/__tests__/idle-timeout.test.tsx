import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTitleBase } from '../../lib/document-title';
import { onSignOut } from '../../lib/session';
import { installApi, jsonResponse, routeFetch } from '../../testing/render';
import { createQueryClient } from '../../lib/query-client';
import { operations } from '../../lib/api/operations';
import { IdleTimeout } from '../idle-timeout';
import { seedSession } from '../../testing/session';

const IDLE_SECONDS = 60;
let lastAccessed = 0;
let keepAlives = 0;

function renderIdle(idleSeconds = IDLE_SECONDS) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IdleTimeout idleSeconds={idleSeconds} />
    </QueryClientProvider>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  // The API client loads response schemas lazily, over tasks the fake clock does not run
  // (src/lib/api/operations.ts): load the one these calls need now, outside it.
  await operations.find((operation) => operation.operationId === 'getLastAccessed')?.loadResponseSchema?.();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  seedSession({ userId: '7', username: 'ana', token: 'tok', role: 'ROLE_PARTICIPANT' });
  setTitleBase('Example Partner');
  lastAccessed = Date.now();
  keepAlives = 0;
  const fetchMock = installApi();
  routeFetch(fetchMock, {
    // The gateway stamps the session's last access at each keep-alive.
    '/partner-gateway/keepAlive': () => {
      keepAlives += 1;
      lastAccessed = Date.now();
      return new Response(null, { status: 204 });
    },
    '/partner-gateway/keepAlive/lastAccessed': () => jsonResponse(lastAccessed),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('IdleTimeout', () => {
  it('warns after the idle period, counts down in the modal and the title, and signs out at zero', async () => {
    const signedOut = vi.fn();
    onSignOut(signedOut);
    renderIdle();
    await advance(IDLE_SECONDS * 1000 - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    const visible = { selector: 'p:not(.visually-hidden)' };
    const announced = () => document.querySelector('[aria-live="assertive"].visually-hidden')?.textContent;
    expect(screen.getByText('You will be logged out in 30 seconds due to inactivity.', visible)).toBeInTheDocument();
    expect(screen.getByText('Click anywhere to continue your session.')).toBeInTheDocument();
    expect(announced()).toBe('You will be logged out in 30 seconds due to inactivity.');
    expect(document.title).toBe('30 seconds left | Example Partner');
    await advance(5000);
    expect(screen.getByText('You will be logged out in 25 seconds due to inactivity.', visible)).toBeInTheDocument();
    expect(announced()).toBe('');
    await advance(5000);
    expect(screen.getByText('You will be logged out in 20 seconds due to inactivity.', visible)).toBeInTheDocument();
    expect(document.title).toBe('20 seconds left | Example Partner');
    await advance(20_000);
    expect(signedOut).toHaveBeenCalledWith('timeout');
  });

  it('does not warn when the gateway saw activity elsewhere meanwhile, and waits out the rest', async () => {
    renderIdle();
    await advance(40_000);
    lastAccessed = Date.now();
    await advance(20_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(40_000 - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("warns one idle period after the user's last activity, whatever this tab's own keep-alives told the gateway since", async () => {
    // The spec's default: 1770 seconds, with the 10-minute keep-alive in between.
    renderIdle(1770);
    await advance(30_000);
    fireEvent.click(document.body);
    // The 10-minute keep-alive goes out for that activity, and the gateway stamps its own time.
    await advance(10 * 60_000 - 30_000);
    expect(keepAlives).toBe(1);
    await advance(1770_000 - 10 * 60_000 + 30_000 - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stops the warning when activity elsewhere shows up during the countdown, and counts the idle period again from it', async () => {
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    lastAccessed = Date.now();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.title).toBe('Example Partner');
    // Nothing happens after that activity: the warning comes back one idle period after it.
    await advance(IDLE_SECONDS * 1000 - 5000 - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('continues the session on a click anywhere, with a keep-alive', async () => {
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(document.body);
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(keepAlives).toBe(1);
  });

  it('continues the session once a press is over: a key or a finger going down leaves the warning up, its release or click closes it', async () => {
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    // Closed as the key went down, the rest of that press (Enter, a letter) would land on the page under it.
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await advance(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyUp(document.body, { key: 'Enter' });
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(keepAlives).toBe(1);
    await advance(IDLE_SECONDS * 1000);
    // Closed as the finger touched down, the tap's click would press what is under it.
    fireEvent.touchStart(document.body);
    await advance(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(keepAlives).toBe(2);
  });

  it("continues the session with one keep-alive when the modal's button or Escape closes it (the key or click is activity too)", async () => {
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue my session' }));
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(keepAlives).toBe(1);
    await advance(IDLE_SECONDS * 1000);
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(keepAlives).toBe(2);
  });

  it('does not warn when the user was active while the last access was being asked for', async () => {
    let answer: (() => void) | undefined;
    const fetchMock = installApi();
    routeFetch(fetchMock, {
      '/partner-gateway/keepAlive': () => new Response(null, { status: 204 }),
      '/partner-gateway/keepAlive/lastAccessed': () =>
        new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse(lastAccessed)))),
    });
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    expect(answer).toBeDefined();
    fireEvent.keyDown(document.body, { key: 'a' });
    answer?.();
    await advance(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('restarts the idle period on activity', async () => {
    renderIdle();
    await advance(50_000);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(50_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a keep-alive on activity at most every 10 minutes', async () => {
    renderIdle();
    for (let minute = 0; minute < 25; minute += 1) {
      fireEvent.scroll(window);
      await advance(59_000);
      fireEvent.touchStart(document.body);
      await advance(1000);
    }
    expect(keepAlives).toBeGreaterThanOrEqual(2);
    expect(keepAlives).toBeLessThanOrEqual(3);
  });

  it('counts from a monotonic deadline: a wall-clock jump does not change the seconds left', async () => {
    renderIdle();
    await advance(IDLE_SECONDS * 1000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => {
      vi.setSystemTime(Date.now() + 12_000);
      vi.advanceTimersToNextTimer();
    });
    await advance(12_000);
    expect(
      screen.getByText('You will be logged out in 18 seconds due to inactivity.', { selector: 'p:not(.visually-hidden)' }),
    ).toBeInTheDocument();
  });
});
