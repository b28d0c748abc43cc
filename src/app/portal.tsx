import { StrictMode, useEffect, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';
import { PublicContentProvider, type PublicContent } from '../lib/public-content';

interface PortalProps {
  readonly publicContent: PublicContent;
  /**
   * Called once the tree is in the page: for a hydrated page, once hydration is done and the
   * screen has been drawn again with what only the browser knows (src/lib/hydration.ts), its
   * submit buttons submitting.
   */
  readonly onHydrated?: () => void;
  readonly children: ReactNode;
}

/**
 * The app around its router: the same tree in the browser (src/start.tsx, with the hash router)
 * and at build time (src/prerender.tsx, at a static location), so that the one hydrates the
 * other's HTML.
 */
export function Portal({ publicContent, onHydrated, children }: PortalProps) {
  return (
    <StrictMode>
      <PublicContentProvider value={publicContent}>{children}</PublicContentProvider>
      <Hydrated onHydrated={onHydrated} />
    </StrictMode>
  );
}

/**
 * Nothing on the page; its effect says the tree is in. When hydrating, its first drawing is the
 * prerendered one, like every other component's, and its second comes in the same commit as
 * theirs, so its effect runs after that commit's.
 */
function Hydrated({ onHydrated }: { readonly onHydrated: (() => void) | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onHydrated?.();
  }, [hydrated, onHydrated]);
  return null;
}
