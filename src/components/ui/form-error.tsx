import type { ReactNode } from 'react';
import './form-error.css';

/** A form's own error (not one field's), announced when it appears. */
export function FormError({ children }: { readonly children: ReactNode }) {
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
