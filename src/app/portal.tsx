import { StrictMode, Suspense, type ReactNode } from 'react';
import { PublicContentProvider, type PublicContent } from '../lib/public-content';

interface PortalProps {
  readonly publicContent: PublicContent;
  readonly children: ReactNode;
}

/**
 * The app around its router: the same tree in the browser (src/start.tsx, with the hash router)
 * and at build time (src/prerender.tsx, at a static location), so that the one hydrates the
 * other's HTML. The boundary lets React take a prerendered page over in slices, a few
 * milliseconds at a time, between which the page answers the user, rather than in one task: the
 * parts inside a boundary are hydrated after the rest, at a low priority, and one the user
 * presses or that is drawn again at once is hydrated first.
 */
export function Portal({ publicContent, children }: PortalProps) {
  return (
    <StrictMode>
      <PublicContentProvider value={publicContent}>
        <Suspense fallback={null}>{children}</Suspense>
      </PublicContentProvider>
    </StrictMode>
  );
}
