import { fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../ui/button';
import { FormFooter } from '../form-footer';

function renderInForm(footer: ReactElement) {
  const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
  render(<form onSubmit={onSubmit}>{footer}</form>);
  return onSubmit;
}

describe('FormFooter', () => {
  it('submits with its submit button; the way back is a link-styled button that does not submit', () => {
    const back = vi.fn();
    const onSubmit = renderInForm(<FormFooter submit="Continue" secondary={{ text: 'Back', onClick: back }} />);
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toHaveClass('button', 'button--primary');
    expect(submit).toBeEnabled();
    const secondary = screen.getByRole('button', { name: 'Back' });
    expect(secondary).toHaveAttribute('type', 'button');
    expect(secondary).toHaveClass('button', 'button--link');
    fireEvent.click(secondary);
    expect(back).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows the way out as an outlined button when asked', () => {
    renderInForm(<FormFooter submit="Continue" secondary={{ text: 'Cancel', onClick: () => {}, variant: 'secondary' }} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveClass('button', 'button--secondary');
  });

  it("orders submit, the way back, then the screen's further actions, in one wrapping row", () => {
    renderInForm(
      <FormFooter submit="Validate code" secondary={{ text: 'Back', onClick: () => {} }}>
        <Button variant="link">Skip</Button>
      </FormFooter>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Validate code', 'Back', 'Skip']);
    expect(buttons[0]?.parentElement).toHaveClass('actions-row');
    expect(new Set(buttons.map((button) => button.parentElement)).size).toBe(1);
  });

  it('has only the submit button without a way back', () => {
    renderInForm(<FormFooter submit="Sign In" />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('disables the submit button while busy, saying so, and while the form cannot be sent', () => {
    const { rerender } = render(<FormFooter submit="Continue" busy />);
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    rerender(<FormFooter submit="Continue" disabled />);
    expect(submit).toBeDisabled();
    expect(submit).not.toHaveAttribute('aria-busy');
    rerender(<FormFooter submit="Continue" />);
    expect(submit).toBeEnabled();
  });
});
