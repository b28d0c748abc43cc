import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from './button';
import './modal.css';

interface ModalProps {
  readonly open: boolean;
  /** Called on Escape and on the modal's button: the owner closes the modal. */
  readonly onClose: () => void;
  readonly title: string;
  readonly alertLabel: string;
  /** A click on the backdrop is ignored unless this is set. */
  readonly closeOnBackdrop?: boolean;
  readonly children: ReactNode;
}

/**
 * The portal's modal, on the native dialog element: the rest of the page is inert while it is
 * open (focus stays inside), Escape closes it, and focus returns to where it was. It opens with
 * focus on the dialog itself, so a screen reader reads its title and text before any link in
 * it, and Tab moves on into it. It opens with a 300 ms animation over a 150 ms backdrop fade,
 * both off under reduced motion.
 */
export function Modal({ open, onClose, title, alertLabel, closeOnBackdrop = false, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
    <dialog ref={ref} className="modal" tabIndex={-1} aria-labelledby={titleId} onCancel={onCancel} onClick={onBackdropClick}>
      {open ? (
        <div className="modal__content">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <div className="modal__body">{children}</div>
          <div className="modal__actions">
            <Button onClick={onClose}>{alertLabel}</Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
