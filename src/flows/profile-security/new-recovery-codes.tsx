import { useEffect, useId, useRef, useState } from 'react';
import { ActionsRow } from '../../components/layout/actions-row';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { FormError } from '../../components/ui/form-error';
import { CODES_COPIED_MS } from '../../lib/constants';
import { recoveryCodeTexts } from '../../lib/messages/passkeys';

/** The text file of a set: the catalogue's heading line, then the codes, one per line. */
export function recoveryCodesFile(codes: readonly string[]): string {
  return `${[recoveryCodeTexts.fileHeading, ...codes].join('\n')}\n`;
}

/** Hands the text to the browser as a download, from an object URL revoked once the download has it. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download from the URL in this task; the URL goes after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A new set of recovery codes, shown this once: Copy, Download, Print (the print stylesheet
 * shows only this panel), and Done once the user says they have saved them. It takes focus when
 * it opens, so the user hears the codes' heading first.
 */
export function NewRecoveryCodes({ codes, onDone }: { readonly codes: readonly string[]; readonly onDone: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CODES_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <div className="recovery-codes__panel" role="region" aria-labelledby={headingId}>
      <h3 className="recovery-codes__panel-heading" id={headingId} ref={headingRef} tabIndex={-1}>
        {recoveryCodeTexts.newHeading}
      </h3>
      <p>{recoveryCodeTexts.newIntro}</p>
      <ol className="recovery-codes__list" aria-label={recoveryCodeTexts.codesLabel}>
        {codes.map((code) => (
          <li key={code} className="recovery-codes__code">
            {code}
          </li>
        ))}
      </ol>
      <div className="recovery-codes__tools">
        <ActionsRow>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? recoveryCodeTexts.copied : recoveryCodeTexts.copy}
          </Button>
          <Button variant="secondary" onClick={() => download(recoveryCodesFile(codes), recoveryCodeTexts.fileName)}>
            {recoveryCodeTexts.download}
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            {recoveryCodeTexts.print}
          </Button>
        </ActionsRow>
        <p className="visually-hidden" role="status">
          {copied ? recoveryCodeTexts.copied : ''}
        </p>
        {copyFailed ? <FormError>{recoveryCodeTexts.copyFailed}</FormError> : null}
        <CheckboxField label={recoveryCodeTexts.saved} checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <ActionsRow>
          <Button disabled={!saved} onClick={onDone}>
            {recoveryCodeTexts.done}
          </Button>
        </ActionsRow>
      </div>
    </div>
  );
}
