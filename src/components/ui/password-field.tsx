import { useState, type ComponentProps } from 'react';
import { TextField } from './text-field';
import { firstScreenTexts } from '../../lib/messages/first-screen';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'adornment'> & {
  readonly autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle. Paste stays allowed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      adornment={
        <button type="button" className="field__toggle" onClick={() => setVisible((shown) => !shown)}>
          {visible ? firstScreenTexts.hidePassword : firstScreenTexts.showPassword}
        </button>
      }
    />
  );
}
