import { StrictMode, type ReactNode } from 'react';
import { PublicContentProvider, type PublicContent } from '../lib/public-content';

/**
 * The app around its router: the same tree in the browser (src/start.tsx, with the hash router)
 * and at build time (src/prerender.tsx, at a static location), so that the one hydrates the
 * other's HTML.
 */
export function Portal({ publicContent, children }: { readonly publicContent: PublicContent; readonly children: ReactNode }) {
  return (
    <StrictMode>
      <PublicContentProvider value={publicContent}>{children}</PublicContentProvider>
    </StrictMode>
  );
}
