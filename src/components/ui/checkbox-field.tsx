import { useId, type InputHTMLAttributes, type Ref } from 'react';
import './choice.css';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  readonly label: string;
  readonly ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="choice">
      <input {...input} ref={ref} id={id} type="checkbox" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
