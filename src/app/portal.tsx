import { StrictMode, Suspense, type ReactNode } from 'react';
import { OnHydratedProvider } from '../lib/hydration';
import { PublicContentProvider, type PublicContent } from '../lib/public-content';

interface PortalProps {
  readonly publicContent: PublicContent;
  /**
   * Called once the screen is in the page: for a hydrated page, once hydration is done and the
   * screen has been drawn again with what only the browser knows (src/lib/hydration.ts), its
   * submit buttons submitting.
   */
  readonly onHydrated?: () => void;
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
export function Portal({ publicContent, onHydrated, children }: PortalProps) {
  return (
    <StrictMode>
      <OnHydratedProvider value={onHydrated}>
        <PublicContentProvider value={publicContent}>
          <Suspense fallback={null}>{children}</Suspense>
        </PublicContentProvider>
      </OnHydratedProvider>
    </StrictMode>
  );
}
