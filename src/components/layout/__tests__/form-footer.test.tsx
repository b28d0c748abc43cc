import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it('unavailable, is not sent by Enter in a field either; available, it is', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const form = (disabled: boolean) => (
      <form onSubmit={onSubmit}>
        <input aria-label="Code" />
        <FormFooter submit="Continue" disabled={disabled} />
      </form>
    );
    const { rerender } = render(form(true));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '1{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(form(false));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('submits with its submit button; the way back is a link-styled button that does not submit', () => {
    const back = vi.fn();
    const onSubmit = renderInForm(<FormFooter submit="Continue" secondary={{ text: 'Back', onClick: back }} />);
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toHaveClass('button', 'button--primary');
    expect(submit).not.toHaveAttribute('aria-disabled');
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

  it('while busy, keeps the focus on the submit button, says it is unavailable and busy, and does not submit; unavailable while the form cannot be sent', () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const footer = (props: { busy?: boolean; disabled?: boolean }) => (
      <form onSubmit={onSubmit}>
        <FormFooter submit="Continue" {...props} />
      </form>
    );
    const { rerender } = render(footer({}));
    const submit = screen.getByRole('button', { name: 'Continue' });
    submit.focus();
    rerender(footer({ busy: true }));
    expect(submit).toHaveFocus();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    // Unavailable while the form cannot be sent, the focus kept as well, and not busy.
    rerender(footer({ disabled: true }));
    expect(submit).toHaveFocus();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).not.toHaveAttribute('aria-busy');
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(footer({}));
    expect(submit).not.toHaveAttribute('aria-disabled');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe('FormFooter over a prerendered form', () => {
  it('a press between hydration and the next drawing sends the form (the button is still a plain one then)', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const form = (
      <form onSubmit={onSubmit}>
        <FormFooter submit="Sign In" />
      </form>
    );
    // The server renderer's markup, built element by element (HTML is parsed only by the
    // sanitiser), and checked to be that markup.
    const container = document.createElement('div');
    const row = container.appendChild(document.createElement('form')).appendChild(document.createElement('div'));
    row.className = 'actions-row';
    const button = row.appendChild(document.createElement('button'));
    button.type = 'button';
    button.className = 'button button--primary';
    button.textContent = 'Sign In';
    expect(container.innerHTML).toBe(renderToString(form));
    document.body.append(container);
    const root = hydrateRoot(container, form);
    // React has taken the button over (its props are on it) but has not yet drawn it as a submit.
    const takenOver = () => Object.keys(button).some((key) => key.startsWith('__reactProps'));
    while (!takenOver()) await new Promise((resolve) => setImmediate(resolve));
    expect(button).toHaveAttribute('type', 'button');
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(press);
    expect(onSubmit).toHaveBeenCalledOnce();
    // And not sent by the browser too, should React draw the button as a submit one before it would.
    expect(press.defaultPrevented).toBe(true);
    root.unmount();
    container.remove();
  });
});
