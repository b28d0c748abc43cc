import { StrictMode, useEffect, type ReactNode } from 'react';
import { PublicContentProvider, type PublicContent } from '../lib/public-content';

interface PortalProps {
  readonly publicContent: PublicContent;
  /** Called once the tree is in the page: for a hydrated page, once hydration is done. */
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

/** Nothing on the page; its effect, after the app's in the first commit, says the tree is in. */
function Hydrated({ onHydrated }: { readonly onHydrated: (() => void) | undefined }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return null;
}
