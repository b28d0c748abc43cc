import { useId, type ReactNode } from 'react';
import './choice.css';
import { FieldError } from './field';
import './radio-group.css';

interface RadioGroupProps<V extends string> {
  readonly legend: string;
  readonly options: readonly { readonly value: V; readonly label: ReactNode }[];
  readonly value: V | null;
  readonly onChange: (value: V) => void;
  readonly name?: string;
  /** The group's error (nothing chosen), tied to it for assistive technology and announced when it appears. */
  readonly error?: string | undefined;
}

/** A labelled group of radio buttons (arrow keys move between them, as the browser provides). */
export function RadioGroup<V extends string>({ legend, options, value, onChange, name, error }: RadioGroupProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="radio-group" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label radio-group__legend">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="choice">
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name ?? id}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
