import type { ReactNode } from 'react';
import './actions-row.css';

interface ActionsRowProps {
  /** Pushes the actions to both ends of the row instead of keeping them together at its start. */
  readonly spread?: boolean;
  readonly children: ReactNode;
}

/** A screen's or form's buttons and links in a row that wraps instead of overflowing. */
export function ActionsRow({ spread = false, children }: ActionsRowProps) {
  return <div className={spread ? 'actions-row actions-row--spread' : 'actions-row'}>{children}</div>;
}
