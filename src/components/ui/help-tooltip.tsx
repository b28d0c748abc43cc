import { useEffect, useId, useState, type ReactNode } from 'react';
import './help-tooltip.css';

interface HelpTooltipProps {
  /** The sentence the help explains, before the help button. */
  readonly lead: ReactNode;
  /** The help button's text. */
  readonly label: string;
  /** The explanation. */
  readonly children: ReactNode;
}

/**
 * A sentence with a help button and its explanation: shown on hover, on focus and on click
 * (touch), hidden on Escape, and tied to the button so screen readers read it with the
 * button's name. The explanation lies over what follows, as wide as the sentence, so showing or
 * hiding it moves nothing on the page and it never runs off a small screen.
 */
export function HelpTooltip({ lead, label, children }: HelpTooltipProps) {
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
    <p className="help-tooltip">
      {lead}{' '}
      <span onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
        <button
          type="button"
          className="help-tooltip__button"
          aria-describedby={id}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        >
          {label}
        </button>
        <span id={id} role="tooltip" className="help-tooltip__text" hidden={!open}>
          {children}
        </span>
      </span>
    </p>
  );
}
