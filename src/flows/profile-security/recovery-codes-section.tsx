import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import {
  generateRecoveryCodes,
  getGetRecoveryCodeStatusQueryKey,
  useGetRecoveryCodeStatus,
} from '../../../generated/hooks/profile/profile';
import type { RecoveryCodeSet } from '../../../generated/models/recoveryCodeSet';
import type { RecoveryCodeStatusResponse } from '../../../generated/models/recoveryCodeStatusResponse';
import { ActionsRow } from '../../components/layout/actions-row';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Modal } from '../../components/ui/modal';
import { answerData } from '../../lib/api/answer-data';
import { RECOVERY_CODES_WARNING_AT } from '../../lib/constants';
import { useSingleFlight } from '../../lib/use-single-flight';
import { NewRecoveryCodes } from './new-recovery-codes';
import './recovery-codes.css';
import { recoveryCodeTexts } from '../../lib/messages/passkeys';
import { commonTexts } from '../../lib/messages/common';

/**
 * How many recovery codes are left, and a new set on request. A new set is shown once, in this
 * component's state only: the gateway's answer goes through the generated fetcher, not a
 * mutation hook, so it never sits in React Query's cache; nothing of it is stored, put in the
 * address or logged. Done forgets it.
 */
export function RecoveryCodesSection() {
  const queryClient = useQueryClient();
  const status = useGetRecoveryCodeStatus();
  const flight = useSingleFlight();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const generateRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once it can: the button after a failure, the heading (and the new count after it) after Done. */
  const focusNext = useRef<'generate' | 'heading' | null>(null);
  const [fresh, setFresh] = useState<RecoveryCodeSet | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useShownText();
  const current = status.data ? answerData(status.data) : null;

  useEffect(() => {
    const target = focusNext.current === 'generate' ? generateRef.current : focusNext.current === 'heading' ? headingRef.current : null;
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
    target.focus();
    focusNext.current = null;
  });

  const generate = () =>
    flight.run(async () => {
      setError(null);
      try {
        setFresh(answerData(await generateRecoveryCodes()));
      } catch {
        setError(() => recoveryCodeTexts.generateFailed);
        focusNext.current = 'generate';
      }
    });

  const done = (set: RecoveryCodeSet) => {
    // The count of the new set (never its codes) shows at once, and the gateway's follows. Focus
    // goes to the heading, not to Generate new codes: a second Enter on Done must not void the set.
    const count: RecoveryCodeStatusResponse = { data: { remaining: set.codes.length, generatedAt: set.generatedAt }, errors: [] };
    queryClient.setQueryData(getGetRecoveryCodeStatusQueryKey(), count);
    setFresh(null);
    focusNext.current = 'heading';
    void queryClient.invalidateQueries({ queryKey: getGetRecoveryCodeStatusQueryKey() });
  };

  let body;
  if (fresh) {
    body = <NewRecoveryCodes codes={fresh.codes} onDone={() => done(fresh)} />;
  } else if (current) {
    const never = current.generatedAt === null;
    body = (
      <>
        <p>{never ? recoveryCodeTexts.never : recoveryCodeTexts.left({ count: current.remaining })}</p>
        {!never && current.remaining <= RECOVERY_CODES_WARNING_AT ? (
          <p className="recovery-codes__warning">{recoveryCodeTexts.fewLeft({ count: current.remaining })}</p>
        ) : null}
        {error ? <FormError>{error}</FormError> : null}
        <ActionsRow>
          <Button
            ref={generateRef}
            variant={never ? 'primary' : 'secondary'}
            busy={flight.busy}
            onClick={() => {
              setError(null);
              if (never) void generate();
              else setConfirming(true);
            }}
          >
            {never ? recoveryCodeTexts.generate : recoveryCodeTexts.regenerate}
          </Button>
        </ActionsRow>
        <Modal
          describeBody
          open={confirming}
          onClose={() => setConfirming(false)}
          title={recoveryCodeTexts.regenerateTitle}
          confirmLabel={recoveryCodeTexts.regenerate}
          onConfirm={() => {
            setConfirming(false);
            void generate();
          }}
        >
          <p>{recoveryCodeTexts.regenerateText}</p>
        </Modal>
      </>
    );
  } else if (status.isError) {
    body = (
      <>
        <FormError>{recoveryCodeTexts.statusFailed}</FormError>
        <ActionsRow>
          <Button
            variant="secondary"
            busy={status.isFetching}
            onClick={() => {
              // The button goes while the status is asked for again: the focus waits on the section's heading.
              headingRef.current?.focus();
              void status.refetch();
            }}
          >
            {commonTexts.tryAgain}
          </Button>
        </ActionsRow>
      </>
    );
  } else {
    body = <p aria-busy="true">{recoveryCodeTexts.loading}</p>;
  }

  return (
    <section className="recovery-codes" aria-labelledby={headingId}>
      <h2 className="recovery-codes__heading" id={headingId} ref={headingRef} tabIndex={-1}>
        {recoveryCodeTexts.heading}
      </h2>
      <p>{recoveryCodeTexts.intro}</p>
      {body}
    </section>
  );
}
