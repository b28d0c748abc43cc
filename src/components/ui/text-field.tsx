import { useEffect, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { afterPointerPress, watchPointerPresses } from './after-pointer-press';
import { fieldClassName, type FieldWidth } from './field-class-name';
import './field.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'width' | 'className'> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  /** Rendered inside the field's frame after the input, for example a show-password toggle. */
  readonly adornment?: ReactNode;
  readonly width?: FieldWidth;
  readonly ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose error is tied to it for assistive technology, and announced when it
 * appears. Its blur handler (which may show the error) waits while a pointer is pressed, so an
 * error that appears on leaving the field never moves the control the user is clicking (see
 * after-pointer-press.ts).
 */
export function TextField({ label, error, hint, adornment, width, ref, onBlur, ...input }: TextFieldProps) {
  useEffect(watchPointerPresses, []);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [input['aria-describedby'], hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClassName(width, Boolean(error))}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">
        <input
          {...input}
          ref={ref}
          onBlur={onBlur ? (event) => afterPointerPress(() => onBlur(event)) : undefined}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {adornment}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
