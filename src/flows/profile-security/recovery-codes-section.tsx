import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  generateRecoveryCodes,
  getGetRecoveryCodeStatusQueryKey,
  useGetRecoveryCodeStatus,
} from '../../../generated/hooks/profile/profile';
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
  const generateRef = useRef<HTMLButtonElement>(null);
  const focusGenerate = useRef(false);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = status.data ? answerData(status.data) : null;

  useEffect(() => {
    const button = generateRef.current;
    if (!focusGenerate.current || !button || button.disabled) return;
    button.focus();
    focusGenerate.current = false;
  });

  const generate = () =>
    flight.run(async () => {
      setError(null);
      try {
        setCodes(answerData(await generateRecoveryCodes()).codes);
      } catch {
        setError(recoveryCodeTexts.generateFailed);
        focusGenerate.current = true;
      }
    });

  const done = () => {
    setCodes(null);
    focusGenerate.current = true;
    void queryClient.invalidateQueries({ queryKey: getGetRecoveryCodeStatusQueryKey() });
  };

  let body;
  if (codes) {
    body = <NewRecoveryCodes codes={codes} onDone={done} />;
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
          <Button variant="secondary" busy={status.isFetching} onClick={() => void status.refetch()}>
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
      <h2 className="recovery-codes__heading" id={headingId}>
        {recoveryCodeTexts.heading}
      </h2>
      <p>{recoveryCodeTexts.intro}</p>
      {body}
    </section>
  );
}
