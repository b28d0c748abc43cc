import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { ActionsRow } from './actions-row';

/** A button beside a form's submit button: a way back or out. */
export interface FormAction {
  readonly text: string;
  readonly onClick: () => void;
  /** `link` (the default) looks like a link; `secondary` is an outlined button (the profile's Cancel). */
  readonly variant?: 'link' | 'secondary';
}

interface FormFooterProps {
  readonly submit: string;
  /** The form's call is in flight: the submit button is disabled and says so. */
  readonly busy?: boolean;
  readonly disabled?: boolean;
  readonly secondary?: FormAction | undefined;
  readonly children?: ReactNode;
}

/**
 * Every form's last row: its submit button, then an optional way back or out, then anything
 * else the screen offers, in a row that wraps instead of overflowing.
 */
export function FormFooter({ submit, busy = false, disabled = false, secondary, children }: FormFooterProps) {
  return (
    <ActionsRow>
      <Button type="submit" busy={busy} disabled={disabled}>
        {submit}
      </Button>
      {secondary ? (
        <Button variant={secondary.variant ?? 'link'} onClick={secondary.onClick}>
          {secondary.text}
        </Button>
      ) : null}
      {children}
    </ActionsRow>
  );
}
