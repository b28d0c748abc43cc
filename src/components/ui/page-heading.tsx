import { useEffect, useRef, type ReactNode } from 'react';
import './page-heading.css';

let firstHeading = true;

/**
 * A screen's heading. After a navigation it takes focus, so screen-reader and keyboard users
 * start at the top of the new screen; on the first screen of a visit focus stays where the
 * browser put it.
 */
export function PageHeading({ id, children }: { readonly id?: string; readonly children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstHeading) {
      firstHeading = false;
      return;
    }
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
