import { useId, type ReactNode } from 'react';
import { ACCOUNT_SETUP_STEPS } from '../../lib/constants';
import { PageHeading } from './page-heading';
import './setup-step-heading.css';
import { commonTexts } from '../../lib/messages/common';

/**
 * A screen's heading, with account setup's step header above it ('Create Account: Step X of 7')
 * when the screen is a step of the setup. The heading takes focus after a navigation and is
 * described by the step header, so a screen reader announces both.
 */
export function SetupStepHeading({
  id,
  step,
  children,
}: {
  readonly id?: string;
  readonly step?: number | undefined;
  readonly children: ReactNode;
}) {
  const stepId = useId();
  if (step === undefined) return <PageHeading id={id}>{children}</PageHeading>;
  return (
    <div className="setup-step-heading">
      <p className="setup-step-heading__step" id={stepId}>
        {commonTexts.setupStep({ step, steps: ACCOUNT_SETUP_STEPS })}
      </p>
      <PageHeading id={id} describedBy={stepId}>
        {children}
      </PageHeading>
    </div>
  );
}
