import { useEffect, useRef, type ReactNode } from 'react';
import './page-heading.css';

let firstHeading = true;

/**
 * The screen's heading takes the focus: where the pressed button goes away (a Try again whose
 * answer is awaited) and the screen stays, so the focus does not fall to the page.
 */
export function focusPageHeading(): void {
  document.querySelector<HTMLElement>('h1.page-heading')?.focus();
}

/**
 * A screen's heading. After a navigation it takes focus, so screen-reader and keyboard users
 * start at the top of the new screen; on the first screen of a visit focus stays where the
 * browser put it.
 */
export function PageHeading({
  id,
  describedBy,
  children,
}: {
  readonly id?: string | undefined;
  /** The element that describes the heading (a step header above it), announced with it on focus. */
  readonly describedBy?: string | undefined;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstHeading) {
      firstHeading = false;
      return;
    }
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading" aria-describedby={describedBy}>
      {children}
    </h1>
  );
}
