import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { LINK_COPIED_MS } from '../../lib/constants';
import { paths } from '../../lib/paths';
import { QrCodeCanvas } from './qr-code-canvas';
import { useTotpRegistrationUri } from './totp-registration';
import { manualEntryKey } from './use-totp-registration';
import './qr-code-page.css';
import { totpTexts } from '../../lib/messages/totp';
import { commonTexts } from '../../lib/messages/common';

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
    <Screen heading={totpTexts.scanHeading} above={<p>{totpTexts.stepOf({ step: 1, steps: 3 })}</p>}>
      <p>{totpTexts.scanHelp}</p>
      <QrCodeCanvas value={uri} label={totpTexts.qrCodeLabel} />
      <p>{totpTexts.useLink}</p>
      <div className="qr-code-page__link-row">
        <TextField label={totpTexts.appLink} ref={linkRef} value={uri} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? totpTexts.linkCopied : totpTexts.copyLink}
        </Button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {copied ? totpTexts.linkCopied : ''}
      </p>
      {key ? (
        <TextField
          label={totpTexts.manualKey}
          hint={totpTexts.manualKeyHint}
          value={key}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
      ) : null}
      <ActionsRow>
        <Button onClick={() => navigate(paths.authApp)}>{commonTexts.continue}</Button>
        <Button variant="link" onClick={() => navigate(paths.totpSetup)}>
          {commonTexts.back}
        </Button>
      </ActionsRow>
    </Screen>
  );
}
