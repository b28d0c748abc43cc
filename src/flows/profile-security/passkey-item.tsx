import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { usePortalForm } from '../../lib/use-portal-form';
import { getListPasskeysQueryKey, useRemovePasskey, useRenamePasskey } from '../../../generated/hooks/profile/profile';
import type { Passkey } from '../../../generated/models/passkey';
import { ActionsRow } from '../../components/layout/actions-row';
import { FormFooter } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { answerData } from '../../lib/api/answer-data';
import { isApiError } from '../../../gateway-client/api-error';
import { errorToast } from '../../lib/api/error-catalogue';
import { NOTIFICATION_TIMEOUT_MS } from '../../lib/constants';
import { notify } from '../../lib/notifications';
import { isPasskeyGone, passkeyFailureMessage } from '../../lib/passkeys/failures';
import { useSingleFlight } from '../../lib/use-single-flight';
import { passkeyNameSchema, type PasskeyNameInput, type PasskeyNameValues } from './passkey-name.schema';
import { passkeyTexts } from '../../lib/messages/passkeys';
import { intlLocale } from '../../lib/i18n/locale';
import { commonTexts } from '../../lib/messages/common';

/** A contract timestamp as the user reads it (`Nov 21, 2026`), in their time zone and language. */
function shownDate(timestamp: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(new Date(timestamp));
}

interface PasskeyItemProps {
  readonly passkey: Passkey;
  /** Focus moves to this passkey's name (it was just added or renamed). */
  readonly focus: boolean;
  readonly onFocused: () => void;
  /** The passkey is gone (removed here, or elsewhere before): focus goes to the list's heading. */
  readonly onRemoved: () => void;
}

/** One of the user's passkeys: its name (as text), when it was added and last used, and Rename and Remove. */
export function PasskeyItem({ passkey, focus, onFocused, onRemoved }: PasskeyItemProps) {
  const queryClient = useQueryClient();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const flight = useSingleFlight();
  const nameRef = useRef<HTMLHeadingElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** The button focus goes back to once it is there and usable again (after the rename form or a failed removal). */
  const focusNext = useRef<'rename' | 'remove' | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useShownText();
  const form = usePortalForm<PasskeyNameInput, unknown, PasskeyNameValues>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: passkey.name },
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!focus) return;
    nameRef.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  useEffect(() => {
    const target = focusNext.current === 'rename' ? renameRef.current : focusNext.current === 'remove' ? removeRef.current : null;
    if (!target || target.disabled) return;
    target.focus();
    focusNext.current = null;
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: getListPasskeysQueryKey() });

  /**
   * A failure of a rename or a removal, said beside the passkey; a passkey already gone (removed
   * in another tab) leaves the list, so that is said in the notification area.
   */
  const failed = async (failure: unknown) => {
    if (isApiError(failure) && isPasskeyGone(failure)) {
      notify(errorToast(() => passkeyFailureMessage(failure) ?? passkeyTexts.notFound));
      await refresh();
      onRemoved();
      return;
    }
    setError(() => passkeyFailureMessage(failure));
  };

  const submitRename = ({ name }: PasskeyNameValues) =>
    flight.run(async () => {
      setError(null);
      try {
        answerData(await rename.mutateAsync({ passkeyId: passkey.id, data: { name } }));
      } catch (failure) {
        await failed(failure);
        return;
      }
      await refresh();
      setRenaming(false);
      notify({ type: 'success', message: () => passkeyTexts.renamedNotice, dismissOnTimeout: NOTIFICATION_TIMEOUT_MS, isUnique: true });
      nameRef.current?.focus();
    });

  const confirmRemove = () => {
    setConfirming(false);
    void flight.run(async () => {
      setError(null);
      try {
        await remove.mutateAsync({ passkeyId: passkey.id });
      } catch (failure) {
        focusNext.current = 'remove';
        await failed(failure);
        return;
      }
      await refresh();
      notify({ type: 'success', message: () => passkeyTexts.removedNotice, dismissOnTimeout: NOTIFICATION_TIMEOUT_MS, isUnique: true });
      onRemoved();
    });
  };

  const cancelRename = () => {
    setRenaming(false);
    setError(null);
    form.reset({ name: passkey.name });
    focusNext.current = 'rename';
  };

  const details = [
    passkeyTexts.added({ date: shownDate(passkey.createdAt) }),
    passkey.lastUsedAt ? passkeyTexts.lastUsed({ date: shownDate(passkey.lastUsedAt) }) : passkeyTexts.neverUsed,
    passkey.deviceKind ? passkeyTexts.deviceKind({ kind: passkeyTexts.deviceKinds({ kind: passkey.deviceKind }) }) : null,
  ].filter((detail) => detail !== null);

  return (
    <li className="passkeys__item">
      <h3 className="passkeys__name" ref={nameRef} tabIndex={-1}>
        {passkey.name}
      </h3>
      <ul className="passkeys__details">
        {details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      {renaming ? (
        <form noValidate onSubmit={form.handleSubmit(submitRename)} aria-label={passkeyTexts.renameLabel({ name: passkey.name })}>
          <Stack>
            <TextField
              label={passkeyTexts.name}
              hint={passkeyTexts.nameHint}
              autoComplete="off"
              // The field opens on the user's request: focus goes into it.
              autoFocus
              error={form.formState.errors.name?.message}
              {...form.register('name', { onChange: () => setError(null) })}
            />
            {error ? <FormError>{error}</FormError> : null}
            <FormFooter
              submit={passkeyTexts.save}
              busy={flight.busy}
              secondary={{ text: commonTexts.cancel, onClick: cancelRename, variant: 'secondary' }}
            />
          </Stack>
        </form>
      ) : (
        <>
          {error ? <FormError>{error}</FormError> : null}
          <ActionsRow>
            <Button
              ref={renameRef}
              variant="secondary"
              aria-label={passkeyTexts.renameLabel({ name: passkey.name })}
              disabled={flight.busy}
              onClick={() => {
                setError(null);
                setRenaming(true);
              }}
            >
              {passkeyTexts.rename}
            </Button>
            <Button
              ref={removeRef}
              variant="secondary"
              aria-label={passkeyTexts.removeLabel({ name: passkey.name })}
              busy={flight.busy}
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              {passkeyTexts.remove}
            </Button>
          </ActionsRow>
        </>
      )}
      <Modal
        describeBody
        open={confirming}
        onClose={() => setConfirming(false)}
        title={passkeyTexts.removeTitle}
        onConfirm={confirmRemove}
        confirmLabel={passkeyTexts.remove}
      >
        <p>{passkeyTexts.removeText({ name: passkey.name })}</p>
      </Modal>
    </li>
  );
}
