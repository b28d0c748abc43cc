import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpTooltip } from '../help-tooltip';

function renderHelp() {
  render(
    <>
      <HelpTooltip lead="We don't recognize this computer." label="Why am I asked this?">
        You are signing in from a new computer.
      </HelpTooltip>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Why am I asked this?' });
}

/** The explanation, if shown (a hidden tooltip is not in the accessibility tree). */
const shown = () => screen.queryByRole('tooltip');

describe('HelpTooltip', () => {
  it('is a toggle: a click shows the explanation, the next hides it', async () => {
    const help = renderHelp();
    expect(shown()).toBeNull();
    await userEvent.click(help);
    expect(shown()).toHaveTextContent('You are signing in from a new computer.');
    expect(help).toHaveAttribute('aria-describedby', shown()?.id);
    await userEvent.click(help);
    expect(shown()).toBeNull();
  });

  it('shows on hover, and a click then keeps it open instead of closing it', async () => {
    const help = renderHelp();
    await userEvent.hover(help);
    expect(shown()).not.toBeNull();
    await userEvent.unhover(help);
    expect(shown()).toBeNull();

    await userEvent.hover(help);
    await userEvent.click(help);
    await userEvent.unhover(help);
    expect(shown()).not.toBeNull();
    await userEvent.click(help);
    expect(shown()).toBeNull();
  });

  it('shows while keyboard focus is on the button; Enter and Space toggle it; Escape hides it', async () => {
    const help = renderHelp();
    await userEvent.tab();
    expect(help).toHaveFocus();
    expect(shown()).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(shown()).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(shown()).not.toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(shown()).toBeNull();
    await userEvent.keyboard(' ');
    expect(shown()).not.toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(shown()).toBeNull();
  });

  it('hides on Escape after a click', async () => {
    const help = renderHelp();
    await userEvent.click(help);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(shown()).toBeNull();
  });
});
