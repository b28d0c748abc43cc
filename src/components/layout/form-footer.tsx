import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/hydration';
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
  /** The form's call is in flight: the submit button is busy (unavailable, and says so). */
  readonly busy?: boolean;
  /**
   * The form cannot be sent yet (a field or the captcha still to do): the submit button is
   * unavailable, and keeps the focus if it has it (a button that turns disabled under the user's
   * finger sends the focus to the page, as after a refused code empties its field).
   */
  readonly disabled?: boolean;
  readonly secondary?: FormAction | undefined;
  readonly children?: ReactNode;
}

/**
 * Every form's last row: its submit button, then an optional way back or out, then anything
 * else the screen offers, in a row that wraps instead of overflowing.
 */
export function FormFooter({ submit, busy = false, disabled = false, secondary, children }: FormFooterProps) {
  // In the prerendered sign-in form, before the script has taken it over, the browser must not
  // send the form itself (a GET, with the password in the address): a form of two fields and no
  // submit button is not sent by Enter, and a plain button sends nothing. What was typed stays.
  // Once React has taken the button over, and until it draws it as a submit button, a press
  // sends the form through the app (a press then, on a slow phone, was lost).
  const hydrated = useHydrated();
  return (
    <ActionsRow>
      <Button
        type={hydrated ? 'submit' : 'button'}
        busy={busy}
        unavailable={disabled}
        onClick={
          hydrated
            ? undefined
            : (event) => {
                // Not the browser's own send too, should React draw it as a submit button before that.
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
        }
      >
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
