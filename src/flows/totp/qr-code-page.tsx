import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { TextField } from '../../components/ui/text-field';
import { LINK_COPIED_MS } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { QrCodeCanvas } from './qr-code-canvas';
import { useTotpRegistrationUri } from './totp-registration';
import { manualEntryKey } from './use-totp-registration';
import './qr-code-page.css';

/**
 * `/qr-code`, step 1 of 3: download an app, then scan the QR code, use the link, or type the
 * key by hand (for a user who cannot scan, or hears the page through a screen reader).
 */
export function QrCodePage() {
  const navigate = useNavigate();
  const uri = useTotpRegistrationUri();
  const key = manualEntryKey(uri);
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(uri);
      setCopied(true);
    } catch {
      // No clipboard (permission refused): the link is selected for the user to copy.
      linkRef.current?.select();
    }
  };

  return (
    <Page>
      <Card labelledBy={headingId}>
        <p>Step 1 of 3</p>
        <PageHeading id={headingId}>Scan the QR code</PageHeading>
        <p>Download an authenticator app on your phone, then scan this QR code with it.</p>
        <QrCodeCanvas value={uri} label="QR code for your authenticator app" />
        <p>Or use this link on the device where your authenticator app is installed:</p>
        <div className="qr-code-page__link-row">
          <TextField label="Authenticator app link" ref={linkRef} value={uri} readOnly onFocus={(event) => event.target.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Link copied!' : 'Copy link'}
          </Button>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {copied ? 'Link copied!' : ''}
        </p>
        {key ? (
          <TextField
            label="Can't scan? Enter this key in your app"
            hint="Letters and numbers, in groups of four; the spaces are optional."
            value={key}
            readOnly
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.target.select()}
          />
        ) : null}
        <ActionsRow>
          <Button onClick={() => navigate(paths.authApp)}>Continue</Button>
          <Button variant="link" onClick={() => navigate(paths.totpSetup)}>
            Back
          </Button>
        </ActionsRow>
      </Card>
    </Page>
  );
}
