import type { ButtonHTMLAttributes, Ref } from 'react';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'link' | 'inverse';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `inverse` is the primary button on a dark surface (the cookie banner). */
  readonly variant?: ButtonVariant;
  /** A call is in flight: the button does nothing, and says so to assistive technology. */
  readonly busy?: boolean;
  /** Done with for now (as after a resend): unavailable as a busy button is, and not busy. */
  readonly unavailable?: boolean;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** The classes of a button of this variant, for a link that looks like one (`<a>`, `<RouteLink>`). */
export function buttonClassName(variant: ButtonVariant): string {
  return `button button--${variant}`;
}

/**
 * The portal's button. Defaults to `type="button"` so only submit buttons submit. A busy button
 * keeps the focus (a disabled one loses it to the page, and a keyboard user their place, for
 * good): it says it is unavailable and busy, and ignores presses until the call is over. An
 * `unavailable` one keeps the focus the same way, without being busy.
 */
export function Button({
  variant = 'primary',
  busy = false,
  unavailable = false,
  disabled,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${buttonClassName(variant)} ${className}` : buttonClassName(variant)}
      disabled={disabled}
      aria-disabled={busy || unavailable || undefined}
      aria-busy={busy || undefined}
      // Not even a submit: the form waits for the answer to the one it sent.
      onClick={busy || unavailable ? (event) => event.preventDefault() : onClick}
    >
      {children}
    </button>
  );
}
