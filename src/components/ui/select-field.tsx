import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { fieldClassName, type FieldWidth } from './field-class-name';
import './field.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'width' | 'className'> {
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly error?: string | undefined;
  readonly width?: FieldWidth;
  readonly ref?: Ref<HTMLSelectElement>;
}

/** A labelled select whose error is tied to it and announced, like {@link TextField}. */
export function SelectField({ label, options, error, width, ref, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={fieldClassName(width, Boolean(error))}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          {...select}
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
