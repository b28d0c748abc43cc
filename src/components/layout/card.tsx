import type { ReactNode } from 'react';
import './card.css';

interface CardProps {
  /** The id of the heading that names the card (a region landmark). */
  readonly labelledBy?: string;
  /** `alert` for a card that replaces a failed screen. */
  readonly role?: 'alert';
  /** Its content is still arriving (announced to assistive technology as busy). */
  readonly busy?: boolean;
  readonly children: ReactNode;
}

/** A screen's surface: padding that shrinks on small screens, its children stacked evenly. */
export function Card({ labelledBy, role, busy = false, children }: CardProps) {
  return (
    <section className="card" aria-labelledby={labelledBy} role={role} aria-busy={busy || undefined}>
      {children}
    </section>
  );
}
