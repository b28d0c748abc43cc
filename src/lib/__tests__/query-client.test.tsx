import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';

describe('the query client', () => {
  it('forgets what a finished mutation sent once no screen shows it', async () => {
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
    expect(client.getMutationCache().getAll().map((mutation) => mutation.state.variables)).toEqual(['RC7K-2M9Q']);
    unmount();
    await waitFor(() => expect(client.getMutationCache().getAll()).toEqual([]));
  });
});
