import type { ButtonHTMLAttributes, Ref } from 'react';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'link' | 'inverse';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `inverse` is the primary button on a dark surface (the cookie banner). */
  readonly variant?: ButtonVariant;
  /** A call is in flight: the button is disabled and says so to assistive technology. */
  readonly busy?: boolean;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** The classes of a button of this variant, for a link that looks like one (`<a>`, `<RouteLink>`). */
export function buttonClassName(variant: ButtonVariant): string {
  return `button button--${variant}`;
}

/** The portal's button. Defaults to `type="button"` so only submit buttons submit. */
export function Button({ variant = 'primary', busy = false, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${buttonClassName(variant)} ${className}` : buttonClassName(variant)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
