import { useEffect, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { afterPointerPress, watchPointerPresses } from './after-pointer-press';
import { Field } from './field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'width' | 'className'> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  /** Rendered inside the field's frame after the input, for example a show-password toggle. */
  readonly adornment?: ReactNode;
  /** `short` for a short value (a code): the field is not stretched across the card. */
  readonly width?: 'full' | 'short';
  /**
   * Closed for now (a lockout): read-only and said to be unavailable, yet focusable. Never
   * `disabled`: a field made disabled while focused (Enter pressed in it) sends the focus to the page.
   */
  readonly closed?: boolean;
  readonly ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose error is tied to it for assistive technology, and announced when it
 * appears. Its blur handler (which may show the error) waits while a pointer is pressed, so an
 * error that appears on leaving the field never moves the control the user is clicking (see
 * after-pointer-press.ts).
 */
export function TextField({ label, error, hint, adornment, width, closed = false, ref, onBlur, ...input }: TextFieldProps) {
  useEffect(watchPointerPresses, []);
  const id = useId();
  const describedBy =
    [input['aria-describedby'], hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field id={id} label={label} hint={hint} error={error} short={width === 'short'}>
      <input
        {...input}
        ref={ref}
        onBlur={onBlur ? (event) => afterPointerPress(() => onBlur(event)) : undefined}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        readOnly={closed || input.readOnly}
        aria-disabled={closed || undefined}
      />
      {adornment}
    </Field>
  );
}
