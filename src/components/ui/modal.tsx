import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from './button';
import './modal.css';
import { commonTexts } from '../../lib/messages/common';

interface ModalProps {
  readonly open: boolean;
  /** Called on Escape, Cancel and the alert button: the owner closes the modal. */
  readonly onClose: () => void;
  readonly title?: string;
  /** `confirm` (Cancel and Confirm, the default) or `alert` (one button). */
  readonly mode?: 'confirm' | 'alert';
  readonly onConfirm?: () => void;
  readonly confirmLabel?: string;
  readonly alertLabel?: string;
  /** A click on the backdrop is ignored unless this is set. */
  readonly closeOnBackdrop?: boolean;
  /** Names the dialog when it has no visible title. */
  readonly label?: string;
  /**
   * The body describes the dialog, read with its title as it opens: for a short text that does
   * not change (a confirmation), not for links or a countdown.
   */
  readonly describeBody?: boolean;
  readonly children: ReactNode;
}

/**
 * The portal's modal, on the native dialog element: the rest of the page is inert while it is
 * open (focus stays inside), Escape closes it, and focus returns to where it was. It opens with
 * focus on the dialog itself, so a screen reader reads its title (and its text, when it is
 * the dialog's description) before any link in it, and Tab moves on into it. It opens with a 300 ms animation over a 150 ms backdrop fade,
 * both off under reduced motion.
 */
export function Modal({
  open,
  onClose,
  title,
  mode = 'confirm',
  onConfirm,
  confirmLabel = commonTexts.confirm,
  alertLabel = commonTexts.ok,
  closeOnBackdrop = false,
  label,
  describeBody = false,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // showModal focuses the first link or button; reading starts at the dialog itself.
    dialog.focus();
    return () => {
      dialog.close();
      returnTo?.focus();
    };
  }, [open]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the owner decides, so the open state stays the single source of truth.
    event.preventDefault();
    onClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && event.target === ref.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      tabIndex={-1}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      aria-describedby={open && describeBody ? bodyId : undefined}
      onCancel={onCancel}
      onClick={onBackdropClick}
    >
      {open ? (
        <div className="modal__content">
          {title ? (
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
          ) : null}
          <div id={bodyId} className="modal__body">
            {children}
          </div>
          <div className="modal__actions">
            {mode === 'confirm' ? (
              <>
                <Button variant="secondary" onClick={onClose}>
                  {commonTexts.cancel}
                </Button>
                <Button onClick={onConfirm}>{confirmLabel}</Button>
              </>
            ) : (
              <Button onClick={onClose}>{alertLabel}</Button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
