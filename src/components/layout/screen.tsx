import { useId, type ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading';
import { Card } from './card';
import { Page } from './page';

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
