import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type CodeInputProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'onChange' | 'value' | 'maxLength' | 'width'> & {
  readonly value: string;
  readonly onValueChange: (code: string) => void;
  readonly maxLength: number;
};

/** Digits as they may be typed or pasted, full-width ones included, reduced to ASCII digits. */
export function digitsOnly(text: string, maxLength: number): string {
  return text.normalize('NFKC').replace(/\D/g, '').slice(0, maxLength);
}

/** A one-time-code field: digits only, at most `maxLength`, numeric keyboard, autofill from SMS. */
export function CodeInput({ value, onValueChange, maxLength, ...field }: CodeInputProps) {
  return (
    <TextField
      {...field}
      type="text"
      width="short"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onValueChange(digitsOnly(event.target.value, maxLength))}
      onPaste={(event) => {
        // A code pasted as written ('123 456', '123-456') is longer than the field: the browser
        // would cut it at maxLength before its digits are kept, losing the last one. Its digits
        // replace the selection here instead (the whole field, for a whole code).
        const pasted = event.clipboardData.getData('text');
        const digits = digitsOnly(pasted, maxLength);
        // A whole code pasted (its digits exactly a code's) is the code, whatever the field held.
        if (digitsOnly(pasted, Infinity).length === maxLength) {
          event.preventDefault();
          return onValueChange(digits);
        }
        if (digits === pasted) return;
        event.preventDefault();
        const input = event.currentTarget;
        const start = input.selectionStart ?? value.length;
        const end = input.selectionEnd ?? value.length;
        onValueChange(digitsOnly(value.slice(0, start) + digits + value.slice(end), maxLength));
      }}
    />
  );
}
