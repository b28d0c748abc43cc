import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'link';
  /** A call is in flight: the button is disabled and says so to assistive technology. */
  readonly busy?: boolean;
}

/** The portal's button. Defaults to `type="button"` so only submit buttons submit. */
export function Button({ variant = 'primary', busy = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
