import { useId, type ReactNode } from 'react';
import { ACCOUNT_SETUP_STEPS } from '../../lib/constants';
import { PageHeading } from '../ui/page-heading';
import { Card } from './card';
import { Page } from './page';
import './screen.css';
import { commonTexts } from '../../lib/messages/common';

/**
 * A screen of one card, named by its heading. A step of account setup has the step header
 * ('Create Account: Step X of 7') above its heading, which describes the heading, so a screen
 * reader announces both when the heading takes focus after a navigation.
 */
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
  const stepId = useId();
  const headingId = id ?? generatedId;
  const pageHeading = (
    <PageHeading id={headingId} describedBy={setupStep === undefined ? undefined : stepId}>
      {heading}
    </PageHeading>
  );
  return (
    <Page>
      <Card labelledBy={headingId} busy={busy}>
        {above}
        {setupStep === undefined ? (
          pageHeading
        ) : (
          <div className="screen__setup-heading">
            <p className="screen__setup-step" id={stepId}>
              {commonTexts.setupStep({ step: setupStep, steps: ACCOUNT_SETUP_STEPS })}
            </p>
            {pageHeading}
          </div>
        )}
        {children}
      </Card>
    </Page>
  );
}
