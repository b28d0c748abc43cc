import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal';

function Harness(props: {
  mode?: 'confirm' | 'alert';
  closeOnBackdrop?: boolean;
  onConfirm?: () => void;
  title?: string;
  describeBody?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} label="Unnamed" {...props}>
        <p>Body text</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('defaults to confirm mode with Cancel and Confirm', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} title="Are you sure?" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('Body text');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Body text')).not.toBeInTheDocument();
  });

  it('has one button in alert mode, and no title unless given', async () => {
    render(<Harness mode="alert" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Unnamed' });
    expect(dialog.querySelector('h2')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Body text')).not.toBeInTheDocument();
  });

  it('opens with focus on the dialog, not on its first link or button', async () => {
    render(<Harness mode="alert" title="Read me first" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Read me first' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Read me first' })).not.toHaveAccessibleDescription();
  });

  it('is described by its text when asked: read with its name as it takes the focus', async () => {
    render(<Harness title="Remove it?" describeBody />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Remove it?' })).toHaveAccessibleDescription('Body text');
  });

  it('closes on Escape and gives focus back', async () => {
    render(<Harness mode="alert" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByText('Body text')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('ignores a backdrop click by default', async () => {
    render(<Harness mode="alert" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByText('Body text')).toBeInTheDocument();
  });

  it('closes on a backdrop click when asked to, but not on a click inside', async () => {
    render(<Harness mode="alert" closeOnBackdrop />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByText('Body text'));
    expect(screen.getByText('Body text')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByText('Body text')).not.toBeInTheDocument();
  });
});
