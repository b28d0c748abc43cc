import type { ReactNode } from 'react';
import './field.css';

/** A field's error, named by `id` in its control's `aria-describedby`, and announced when it appears. */
export function FieldError({ id, error }: { readonly id: string; readonly error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * The frame of a labelled control (TextField, SelectField): its label, hint, the control and its
 * error. The hint's and the error's ids are the control's id with `-hint` and `-error`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  short = false,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error: string | undefined;
  /** A short value (a code): the control is not stretched across the card. */
  readonly short?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div className={`field${short ? ' field--short' : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">{children}</div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
