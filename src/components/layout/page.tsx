import type { ReactNode } from 'react';
import './page.css';

/**
 * The outer box of every screen: one column of readable width, centred in the frame, its cards
 * stacked. A screen never sets its own width or outer margins, so it is right at every size.
 */
export function Page({ children }: { readonly children: ReactNode }) {
  return <div className="page">{children}</div>;
}
