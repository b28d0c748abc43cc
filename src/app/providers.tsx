import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function Providers({ client, children }: { readonly client: QueryClient; readonly children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
