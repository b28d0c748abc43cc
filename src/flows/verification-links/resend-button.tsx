import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useSingleFlight } from '../../lib/use-single-flight';
import './resend-button.css';

/**
 * A resend for an expired link: a spinner and disabled while it is sent; once sent it stays
 * disabled and says 'Link Resent!'; a failure says 'Unable to send {type} link. Please try again
 * later.' and the button can be used again.
 */
export function ResendButton({
  label,
  type,
  send,
}: {
  readonly label: string;
  readonly type: string;
  readonly send: () => Promise<unknown>;
}) {
  const flight = useSingleFlight();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const resend = () =>
    flight.run(async () => {
      setOutcome(null);
      try {
        await send();
        setOutcome('sent');
      } catch {
        setOutcome('failed');
      }
    });
  return (
    <>
      <Button onClick={() => void resend()} busy={flight.busy} disabled={outcome === 'sent'}>
        {flight.busy ? <span className="resend-button__spinner" aria-hidden="true" /> : null}
        {outcome === 'sent' ? 'Link Resent!' : label}
      </Button>
      <p className="resend-button__status" role="status">
        {outcome === 'failed' ? `Unable to send ${type} link. Please try again later.` : ''}
      </p>
    </>
  );
}
