import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('the query client', () => {
  it('forgets what a finished mutation sent a second after no screen shows it', async () => {
    const client = createQueryClient();
    let send: (code: string) => Promise<string> = async () => '';
    function CodeForm() {
      const mutation = useMutation({ mutationFn: async (code: string) => `checked ${code}` });
      send = mutation.mutateAsync;
      return null;
    }
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <CodeForm />
      </QueryClientProvider>,
    );
    await act(async () => {
      await send('RC7K-2M9Q');
    });
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ).toEqual(['RC7K-2M9Q']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    unmount();
    vi.advanceTimersByTime(999);
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(client.getMutationCache().getAll()).toEqual([]);
  });
});
