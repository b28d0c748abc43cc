import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput, digitsOnly } from '../code-input';

describe('digitsOnly', () => {
  it.each([
    ['123456', 6, '123456'],
    ['12a4 5-6', 6, '12456'],
    ['１２３４５６', 6, '123456'],
    ['1234567', 6, '123456'],
    ['987', 2, '98'],
    ['\u0000\r\n1', 6, '1'],
  ])('%j (max %i) keeps %j', (typed, max, kept) => {
    expect(digitsOnly(typed, max)).toBe(kept);
  });
});

function Harness({ max = 6 }: { max?: number }) {
  const [code, setCode] = useState('');
  return <CodeInput label="Code" value={code} onValueChange={setCode} maxLength={max} />;
}

describe('CodeInput', () => {
  it('takes digits only, up to its length, with a numeric keyboard and one-time-code autofill', async () => {
    render(<Harness max={6} />);
    const input = screen.getByLabelText('Code');
    await userEvent.type(input, '12ab3456789');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it.each(['123 456', '123-456', ' 123456 ', '１２３ ４５６'])('keeps the six digits of a code pasted as written: %j', async (pasted) => {
    const user = userEvent.setup();
    render(<Harness max={6} />);
    const input = screen.getByLabelText('Code');
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue('123456');
  });

  it('puts pasted digits where the selection is', async () => {
    const user = userEvent.setup();
    render(<Harness max={6} />);
    const input = screen.getByLabelText<HTMLInputElement>('Code');
    await user.type(input, '1256');
    input.setSelectionRange(2, 2);
    await user.paste('3-4');
    expect(input).toHaveValue('123456');
  });

  it('takes a whole code pasted over digits already typed', async () => {
    const user = userEvent.setup();
    render(<Harness max={6} />);
    const input = screen.getByLabelText('Code');
    await user.type(input, '12');
    await user.paste('654 321');
    expect(input).toHaveValue('654321');
  });

  it('keeps what was typed when the text pasted holds more digits than a code', async () => {
    const user = userEvent.setup();
    render(<Harness max={6} />);
    const input = screen.getByLabelText('Code');
    await user.type(input, '12');
    await user.paste('Ref 42: 123456');
    expect(input).toHaveValue('124212');
  });
});
