import type { ReactNode } from 'react';
import type { MfaType } from '../../../generated/models/mfaType';
import { Screen } from '../../components/layout/screen';
import { RouteLink } from '../../components/ui/route-link';
import { paths } from '../../lib/paths';
import type { NotificationInput } from '../../lib/notifications';
import { routeOf, type CodeEntryStep } from '../journey';
import { useJourney } from '../use-journey';
import { codeSentText } from '../method-choice/mfa-option-text';
import { CodeEntryForm } from './code-entry-form';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';

export interface CodeEntryScreenProps {
  readonly step: CodeEntryStep;
  /** How the code came, and where (shown masked). */
  readonly method: { readonly type: MfaType; readonly contactInfo?: string | null | undefined };
  /**
   * How many methods the user could choose from: with one, the link reads Cancel (the spec's
   * `mfaLength`). The code itself is always up to 6 digits, whatever the method.
   */
  readonly methodCount: number;
  /** Account setup's step number of this code (4 for the email, 7 for the phone). */
  readonly setupStep?: number | undefined;
  readonly verify: (code: string) => Promise<void>;
  readonly resend?: (() => Promise<void>) | undefined;
  /** What shows when checking the code fails other than by a wrong code (see CodeEntryForm). */
  readonly failure: NotificationInput;
  /**
   * Another way to prove this step, around the one-time code's text and form (a recovery code,
   * at sign-in): given them, it says what shows.
   */
  readonly alternative?: ((oneTimeCode: ReactNode) => ReactNode) | undefined;
  /** Where Cancel (with no step to go back to) leaves the portal for, instead of its own start. */
  readonly leaveTo?: string | undefined;
  /** When the code went (CodeEntryForm's `sentAt`): by default as the screen appears. */
  readonly sentAt?: number | null | undefined;
}

/**
 * `/mfa-verification`'s screen, 'Enter the code', whatever the code proves: Back (or Cancel, with
 * one method) to the step before, where the code went, and the shared code form.
 */
export function CodeEntryScreen({
  step,
  method,
  methodCount,
  setupStep,
  verify,
  resend,
  failure,
  alternative,
  leaveTo,
  sentAt,
}: CodeEntryScreenProps) {
  const journey = useJourney();
  // Cancel, with no step to go back to, ends the journey where it began (or outside the portal).
  const start = step.code.for === 'reset' ? paths.resetPassword : paths.signIn;
  const exitText = methodCount === 1 ? commonTexts.cancel : commonTexts.back;
  const oneTimeCode = (
    <>
      <p>{codeSentText(method)}</p>
      <CodeEntryForm submit={verify} failure={failure} resend={resend} path={routeOf(step)} sentAt={sentAt} />
    </>
  );
  return (
    <Screen
      id="code-entry-heading"
      heading={journeyTexts.enterCode}
      setupStep={setupStep}
      above={
        <p>
          {step.back ? (
            <RouteLink to={routeOf(step.back)}>{exitText}</RouteLink>
          ) : leaveTo ? (
            <a href={leaveTo} onClick={() => journey.end()}>
              {exitText}
            </a>
          ) : (
            <RouteLink to={start} onClick={() => journey.end()}>
              {exitText}
            </RouteLink>
          )}
        </p>
      }
    >
      {alternative ? alternative(oneTimeCode) : oneTimeCode}
    </Screen>
  );
}
