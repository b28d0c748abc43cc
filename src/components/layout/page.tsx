import { useId, type ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading';
import { Card } from './card';
import './page.css';

/**
 * The outer box of every screen: one column of readable width, centred in the frame, its cards
 * stacked. A screen never sets its own width or outer margins, so it is right at every size.
 */
export function Page({ children }: { readonly children: ReactNode }) {
  return <div className="page">{children}</div>;
}

/** A screen of one card, named by its heading. */
export function Screen({
  heading,
  above,
  id,
  busy = false,
  children,
}: {
  readonly heading: ReactNode;
  /** What comes before the heading (a way back, the step's number). */
  readonly above?: ReactNode;
  /** The heading's id, when something outside refers to it. */
  readonly id?: string;
  readonly busy?: boolean | undefined;
  readonly children?: ReactNode;
}) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  return (
    <Page>
      <Card labelledBy={headingId} busy={busy}>
        {above}
        <PageHeading id={headingId}>{heading}</PageHeading>
        {children}
      </Card>
    </Page>
  );
}
