import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ActionsRow } from '../../components/layout/actions-row';
import { Button } from '../../components/ui/button';
import { SharedSubmission, useSingleFlight } from '../../lib/use-single-flight';
import type { SignIn } from '../journey';
import { RecoveryCodeForm } from './recovery-code-form';
import './recovery-code-option.css';
import { recoveryCodeTexts } from '../../lib/messages/passkeys';

/**
 * Sign-in's code step with a recovery code as the other way: 'Use a recovery code instead'
 * shows its form, 'Use a one-time code instead' the one-time code's again, and the field of the
 * form shown takes the focus. Which form shows is this screen's state only (a reload shows the
 * one-time code's). Both stay mounted, the other hidden, so neither loses what it holds (the
 * one-time code's countdown to a new code, a lockout, what was typed). They share one submission:
 * while a code is being checked, the switch and the other form wait, so two codes never race to
 * sign the same attempt in.
 */
export function RecoveryCodeOption({ signIn, oneTimeCode }: { readonly signIn: SignIn; readonly oneTimeCode: ReactNode }) {
  const [recovering, setRecovering] = useState(false);
  const recoveryField = useRef<HTMLInputElement>(null);
  const oneTimeArea = useRef<HTMLDivElement>(null);
  const submission = useSingleFlight();

  const toggle = () => {
    const next = !recovering;
    // Rendered now, so the field to focus is visible (a hidden field cannot take the focus).
    flushSync(() => setRecovering(next));
    const field = next ? recoveryField.current : oneTimeArea.current?.querySelector<HTMLInputElement>('input:enabled');
    field?.focus();
  };

  return (
    <SharedSubmission value={submission}>
      <div className="recovery-code-option__way" ref={oneTimeArea} hidden={recovering}>
        {oneTimeCode}
      </div>
      <div className="recovery-code-option__way" hidden={!recovering}>
        <RecoveryCodeForm signIn={signIn} fieldRef={recoveryField} />
      </div>
      <ActionsRow>
        <Button variant="link" onClick={toggle} busy={submission.busy}>
          {recovering ? recoveryCodeTexts.useOneTimeCode : recoveryCodeTexts.useInstead}
        </Button>
      </ActionsRow>
    </SharedSubmission>
  );
}
