import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countryOptions } from '../countries';
import { PhoneEntryForm } from '../phone-entry-form';
import { caretAfterFormatting, formatAsTyped, nationalPlaceholder, phoneError, phoneValue } from '../phone-rules';

describe('phone rules', () => {
  it('lists the United States +1 first, then the others alphabetically as "Country, code, +dial"', () => {
    const options = countryOptions();
    expect(options[0]?.label).toBe('United States, US, +1');
    const rest = options.slice(1).map((option) => option.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
    expect(rest).toContain('Canada, CA, +1');
    expect(rest).toContain('United Kingdom, GB, +44');
  });

  it('formats as typed for the country; a 10-digit number of the +1 countries as 3-3-4 with dashes', () => {
    expect(formatAsTyped('2015550123', 'US')).toBe('201-555-0123');
    expect(formatAsTyped('(201) 555-0123', 'US')).toBe('201-555-0123');
    expect(formatAsTyped('6135550123', 'CA')).toBe('613-555-0123');
    expect(formatAsTyped('07400123456', 'GB')).toBe('07400 123456');
  });

  it.each([
    ['2', '2'],
    ['201', '201'],
    ['2015', '201-5'],
    ['201555', '201-555'],
    ['2015550', '201-555-0'],
    ['201-555-012', '201-555-012'],
  ])('groups a +1 number as it grows: %j reads %j', (typed, shown) => {
    expect(formatAsTyped(typed, 'US')).toBe(shown);
  });

  it.each([
    // [typed (the field after the key), its caret, where the caret goes once formatted]
    ['201-5559-012', 8, 9], // a digit put in mid-number: '201-555-9|012'
    ['201-55-0123', 6, 6], // a digit taken out: '201-55|0-123'
    ['20-555-0123', 2, 2], // taken out before a dash: '20|5-550-123'
    ['2201-555-012', 1, 1], // put in at the start: '2|20-155-5012'
    ['201555', 6, 7], // at the end: stays at the end, '201-555|'
    ['201-555-0123', 0, 0],
  ] as const)('keeps the caret among the digits as %j is formatted (caret at %i)', (typed, caret, after) => {
    const formatted = formatAsTyped(typed, 'US');
    expect(caretAfterFormatting(typed, caret, formatted)).toBe(after);
    // The same digits before the caret as before it was formatted.
    const digits = (text: string) => text.replace(/\D/g, '');
    expect(digits(formatted.slice(0, after))).toBe(digits(typed.slice(0, caret)));
  });

  it('leaves a +1 number with its trunk prefix or country code to the national format', () => {
    expect(formatAsTyped('12015550123', 'US')).toBe('1 (201) 555-0123');
    expect(formatAsTyped('+12015550123', 'US')).toBe('+1 201 555 0123');
  });

  it('uses a national example as the placeholder, 3-3-4 with dashes for the +1 countries', () => {
    expect(nationalPlaceholder('US')).toMatch(/^\d{3}-\d{3}-\d{4}$/);
    expect(nationalPlaceholder('GB')).toMatch(/^0\d{4} \d{6}$/);
  });

  it.each([
    ['', 'US', 'Number is required'],
    ['(201) 555-0123', 'US', null],
    ['555-0123', 'US', 'Number not valid'],
    ['(201) 555-01234', 'US', 'Number not valid'],
    ['07400 123456', 'GB', null],
    ['555-0123', 'GB', 'Number not valid'],
  ])('%j in %s: %s', (number, country, error) => {
    expect(phoneError(number, country as 'US' | 'GB')).toBe(error);
  });

  it('saves the national number and the calling code', () => {
    expect(phoneValue('(201) 555-0123', 'US')).toEqual({ number: '2015550123', countryCode: '1' });
    expect(phoneValue('07400 123456', 'GB')).toEqual({ number: '7400123456', countryCode: '44' });
  });
});

describe('PhoneEntryForm', () => {
  it('titles the set-up and explains the next step', () => {
    render(<PhoneEntryForm mode="setup" onSubmit={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Add an extra layer of security to your account' })).toBeInTheDocument();
    expect(screen.getByText('Enter your phone number below.')).toBeInTheDocument();
    expect(screen.getByText("We'll send a code to verify your number in the next step.")).toBeInTheDocument();
  });

  it('titles the profile update without the set-up text', () => {
    render(<PhoneEntryForm mode="update" onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Enter your new phone number' })).toBeInTheDocument();
    expect(screen.queryByText('Enter your phone number below.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('keeps Continue disabled while the number is empty, formats on key-up, and submits the value', async () => {
    const onSubmit = vi.fn();
    render(<PhoneEntryForm mode="setup" onSubmit={onSubmit} />);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeUnavailable();
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    await userEvent.type(screen.getByLabelText('Phone number'), '2015550123');
    expect(screen.getByLabelText('Phone number')).toHaveValue('201-555-0123');
    await userEvent.click(continueButton);
    expect(onSubmit).toHaveBeenCalledWith({ number: '2015550123', countryCode: '1' }, expect.objectContaining({ country: 'US' }));
  });

  it('keeps the caret where the user types when a digit put in mid-number moves the dashes', async () => {
    render(<PhoneEntryForm mode="setup" onSubmit={() => {}} />);
    const input = screen.getByLabelText<HTMLInputElement>('Phone number');
    await userEvent.type(input, '201555012');
    expect(input).toHaveValue('201-555-012');
    // A 9 put in after '201-': the number regroups, and the caret stays after the 9, not at the end.
    await userEvent.type(input, '9', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input).toHaveValue('201-955-5012');
    expect(input.selectionStart).toBe(5);
    // Taken out again: the caret stays where the 9 was.
    await userEvent.keyboard('{Backspace}');
    expect(input).toHaveValue('201-555-012');
    expect(input.selectionStart).toBe(3);
  });

  it('shows "Number not valid" with the error style, and clears it on focus', async () => {
    const onSubmit = vi.fn();
    render(<PhoneEntryForm mode="setup" onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Phone number');
    await userEvent.type(input, '555');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Number not valid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.blur(input);
    fireEvent.focus(input);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops "Number not valid" when the country changes: the verdict was under the other country\'s rules', async () => {
    render(<PhoneEntryForm mode="setup" onSubmit={() => {}} />);
    await userEvent.type(screen.getByLabelText('Phone number'), '07400123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Number not valid');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveValue('07400 123456');
  });

  it('shows "Number is required" when the field is left empty', async () => {
    render(<PhoneEntryForm mode="setup" onSubmit={() => {}} />);
    const input = screen.getByLabelText('Phone number');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.getByRole('alert')).toHaveTextContent('Number is required');
  });

  it('validates against the chosen country', async () => {
    const onSubmit = vi.fn();
    render(<PhoneEntryForm mode="setup" onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'GB');
    await userEvent.type(screen.getByLabelText('Phone number'), '07400123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ number: '7400123456', countryCode: '44' }, expect.objectContaining({ country: 'GB' }));
  });

  it('offers an optional secondary link that goes back', async () => {
    const back = vi.fn();
    render(<PhoneEntryForm mode="setup" onSubmit={() => {}} secondaryLink={{ text: 'Back', onClick: back }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});
