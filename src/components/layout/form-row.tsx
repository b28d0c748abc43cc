import type { ReactNode } from 'react';
import './form-row.css';

/**
 * Fields side by side while each has room (14rem), one under the other when not: decided by
 * the space the row has, not the screen, so it holds in a card, a modal or a column.
 */
export function FormRow({ children }: { readonly children: ReactNode }) {
  return <div className="form-row">{children}</div>;
}
