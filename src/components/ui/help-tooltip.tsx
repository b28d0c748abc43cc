import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './help-tooltip.css';

interface HelpTooltipProps {
  /** The sentence the help explains, before the help button. */
  readonly lead: ReactNode;
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * How the explanation shows: `closed`; `passing` while the pointer rests on the button or
 * keyboard focus is on it; `pinned` after a click (or Enter, or Space) until the next one,
 * Escape, or focus leaving the button.
 */
type Shown = 'closed' | 'passing' | 'pinned';

/**
 * A sentence with a help button and its explanation, tied to the button so screen readers read
 * it with the button's name. The button is a real toggle: a click, Enter or Space shows the
 * explanation and the next one hides it, also after hovering showed it (that click keeps it
 * open rather than closing what the hover opened). Hovering or tabbing to the button shows it
 * while there; Escape hides it. It lies over what follows, as wide as the sentence, so showing
 * or hiding it moves nothing on the page and it never runs off a small screen.
 */
export function HelpTooltip({ lead, label, children }: HelpTooltipProps) {
  const id = useId();
  const [shown, setShown] = useState<Shown>('closed');
  // A press focuses the button just before its click: that focus belongs to the click.
  const pressing = useRef(false);

  useEffect(() => {
    if (shown === 'closed') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown('closed');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  const pass = (current: Shown): Shown => (current === 'closed' ? 'passing' : current);
  return (
    <p className="help-tooltip">
      {lead}{' '}
      <span onMouseEnter={() => setShown(pass)} onMouseLeave={() => setShown((current) => (current === 'passing' ? 'closed' : current))}>
        <button
          type="button"
          className="help-tooltip__button"
          aria-describedby={id}
          aria-expanded={shown !== 'closed'}
          onPointerDown={() => {
            pressing.current = true;
          }}
          onClick={() => {
            pressing.current = false;
            setShown((current) => (current === 'pinned' ? 'closed' : 'pinned'));
          }}
          onFocus={() => {
            if (!pressing.current) setShown(pass);
          }}
          onBlur={() => {
            pressing.current = false;
            setShown('closed');
          }}
        >
          {label}
        </button>
        <span id={id} role="tooltip" className="help-tooltip__text" hidden={shown === 'closed'}>
          {children}
        </span>
      </span>
    </p>
  );
}
