import type { ReactNode } from 'react';
import './stack.css';

/** Children one under the other, evenly spaced: a form's fields and actions, a section's paragraphs. */
export function Stack({ children }: { readonly children: ReactNode }) {
  return <div className="stack">{children}</div>;
}
