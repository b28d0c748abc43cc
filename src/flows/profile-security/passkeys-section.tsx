import { useCallback, useId, useRef, useState } from 'react';
import { useListPasskeys } from '../../../generated/hooks/profile/profile';
import { ActionsRow } from '../../components/layout/actions-row';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { answerData } from '../../lib/api/answer-data';
import { passkeysSupported } from '../../lib/passkeys/support';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyItem } from './passkey-item';
import './passkeys.css';
import { passkeyTexts } from '../../lib/messages/passkeys';
import { commonTexts } from '../../lib/messages/common';

/**
 * The user's passkeys and "Add a passkey". A browser without WebAuthn still lists them (they may
 * be removed or renamed from here) but offers no way to add one.
 */
export function PasskeysSection() {
  const list = useListPasskeys();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const focused = useCallback(() => setFocusId(null), []);
  const removed = useCallback(() => headingRef.current?.focus(), []);
  const passkeys = list.data ? answerData(list.data).passkeys : null;

  return (
    <section className="passkeys" aria-labelledby={headingId}>
      <h2 className="passkeys__heading" id={headingId} ref={headingRef} tabIndex={-1}>
        {passkeyTexts.passkeysHeading}
      </h2>
      <p>{passkeyTexts.passkeysIntro}</p>
      {passkeys ? (
        passkeys.length === 0 ? (
          <p>{passkeyTexts.none}</p>
        ) : (
          <ul className="passkeys__list" aria-label={passkeyTexts.yourPasskeys}>
            {passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} focus={focusId === passkey.id} onFocused={focused} onRemoved={removed} />
            ))}
          </ul>
        )
      ) : list.isError ? (
        <>
          <FormError>{passkeyTexts.listFailed}</FormError>
          <ActionsRow>
            <Button
              variant="secondary"
              busy={list.isFetching}
              onClick={() => {
                // The button goes while the list is asked for again: the focus waits on the section's heading.
                headingRef.current?.focus();
                void list.refetch();
              }}
            >
              {commonTexts.tryAgain}
            </Button>
          </ActionsRow>
        </>
      ) : (
        <p aria-busy="true">{passkeyTexts.loading}</p>
      )}
      {passkeysSupported() ? <AddPasskeyForm onAdded={(passkey) => setFocusId(passkey.id)} /> : <p>{passkeyTexts.unsupported}</p>}
    </section>
  );
}
