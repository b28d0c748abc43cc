import type { ReactNode } from 'react';
import './card.css';

interface CardProps {
  readonly labelledBy?: string;
  /** `alert` for a card that replaces a failed screen. */
  readonly role?: 'alert';
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
