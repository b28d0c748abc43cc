import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('LoadingBar', () => {
  it('shows while any gateway call is under way, and goes when the last one has ended', async () => {
    // A fresh API client, as a page load has: no call another test file left in flight is counted.
    vi.resetModules();
    const { getAnnouncements } = await import('../../../../generated/hooks/announcements/announcements');
    const { installApi, jsonResponse } = await import('../../../testing/render');
    const { LoadingBar } = await import('../loading-bar');
    const fetchMock = installApi();
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    render(<LoadingBar />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = getAnnouncements();
      second = getAnnouncements();
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    await act(async () => {
      answers[0]!(jsonResponse({ changes: [] }));
      await first;
    });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    await act(async () => {
      answers[1]!(new Response('', { status: 503 }));
      await second.catch(() => undefined);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
