import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  readonly label: string;
  readonly ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input {...input} ref={ref} id={id} type="checkbox" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
