import { useId, type ReactNode } from 'react';
import { SetupStepHeading } from '../ui/setup-step-heading';
import { Card } from './card';
import { Page } from './page';

/** A screen of one card, named by its heading. */
export function Screen({
  heading,
  above,
  setupStep,
  id,
  busy = false,
  children,
}: {
  readonly heading: ReactNode;
  /** What comes before the heading (a way back, the step's number). */
  readonly above?: ReactNode;
  /** Account setup's step of this screen, shown above its heading. */
  readonly setupStep?: number | undefined;
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
        <SetupStepHeading id={headingId} step={setupStep}>
          {heading}
        </SetupStepHeading>
        {children}
      </Card>
    </Page>
  );
}
