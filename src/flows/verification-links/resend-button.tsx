import { useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { Button } from '../../components/ui/button';
import { waitMessage } from '../../lib/api/error-catalogue';
import { useSingleFlight } from '../../lib/use-single-flight';
import './resend-button.css';
import { verificationLinkTexts } from '../../lib/messages/verification-links';

/**
 * A resend for an expired link: a spinner and disabled while it is sent; once sent it stays
 * disabled and says 'Link Resent!' (disabled as a busy button is: it keeps the focus); a
 * failure says 'Unable to send {type} link. Please try again later.' (a 429, how long to wait)
 * under it, and the button can be used again. Either outcome is announced by a status region
 * that is always there (one that appears with its text is often not read).
 */
export function ResendButton({
  label,
  type,
  send,
}: {
  readonly label: string;
  readonly type: Parameters<typeof verificationLinkTexts.resendFailed>[0]['link'];
  readonly send: () => Promise<unknown>;
}) {
  const flight = useSingleFlight();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const [failure, setFailure] = useShownText();
  const resend = () =>
    flight.run(async () => {
      setOutcome(null);
      try {
        await send();
        setOutcome('sent');
      } catch (error) {
        setFailure(() => waitMessage(error) ?? verificationLinkTexts.resendFailed({ link: type }));
        setOutcome('failed');
      }
    });
  return (
    <>
      <Button onClick={() => void resend()} busy={flight.busy} unavailable={outcome === 'sent'}>
        {flight.busy ? <span className="resend-button__spinner" aria-hidden="true" /> : null}
        {outcome === 'sent' ? verificationLinkTexts.linkResent : label}
      </Button>
      {outcome === 'failed' ? (
        <p className="resend-button__status" aria-hidden="true">
          {failure}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {outcome === 'failed' ? failure : outcome === 'sent' ? verificationLinkTexts.linkResent : ''}
      </p>
    </>
  );
}
