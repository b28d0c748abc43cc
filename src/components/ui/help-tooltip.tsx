import { useEffect, useId, useState, type ReactNode } from 'react';

/**
 * A help button with its explanation: shown on hover, on focus and on click (touch), hidden on
 * Escape, and tied to the button so screen readers read it with the button's name.
 */
export function HelpTooltip({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <span className="tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tooltip__button"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        {label}
      </button>
      <span id={id} role="tooltip" className="tooltip__text" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
