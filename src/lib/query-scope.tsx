import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { appQueryClient } from './query-client';

/*
 * The app's query client for a lazily loaded part of the page: the route screens (the router's
 * `screen`) and the lazy pieces of the first screen. The first screen itself draws without
 * React Query (its budget), so the provider comes with what uses it, always the one client, so
 * every screen shares its cache.
 */

function QueryScope({ children }: { readonly children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}

/** The component, inside the app's query client. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <QueryScope>
        <Component {...props} />
      </QueryScope>
    );
  }
  Scoped.displayName = `withQueryClient(${Component.displayName ?? Component.name})`;
  return Scoped;
}
