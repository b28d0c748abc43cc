import { useId, useMemo, useState, type FormEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js/min';
import { ActionsRow } from '../layout/actions-row';
import { Card } from '../layout/card';
import { FormRow } from '../layout/form-row';
import { Stack } from '../layout/stack';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { SetupStepHeading } from '../ui/setup-step-heading';
import { TextField } from '../ui/text-field';
import { countryOptions, DEFAULT_COUNTRY } from './countries';
import { formatAsTyped, nationalPlaceholder, phoneError, phoneValue, type PhoneValue } from './phone-rules';

interface PhoneEntryFormProps {
  /** `update` when changing the phone from the profile, `setup` otherwise. */
  readonly mode: 'update' | 'setup';
  /** Replaces the default title (account setup has its own). */
  readonly title?: string;
  /** Account setup's step number, shown above the title; absent outside the setup. */
  readonly setupStep?: number | undefined;
  readonly onSubmit: (phone: PhoneValue) => Promise<void> | void;
  readonly busy?: boolean;
  /** Shows a Cancel button. */
  readonly onCancel?: () => void;
  /** An optional secondary link that goes back. */
  readonly secondaryLink?: { readonly text: string; readonly onClick: () => void };
}

/**
 * The phone entry of the spec's section 2, shared by the sign-in journey, account setup and the
 * profile: a country (United States +1 first), a number formatted per country as it is typed
 * and checked against the country's patterns (libphonenumber-js, which loads only with the
 * screens that use this form).
 */
export function PhoneEntryForm({ mode, title, setupStep, onSubmit, busy = false, onCancel, secondaryLink }: PhoneEntryFormProps) {
  const countries = useMemo(() => countryOptions(), []);
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = phoneError(number, country);
    // The error is announced (role=alert); focus stays put, since focusing the field clears it.
    setError(problem);
    if (!problem) void onSubmit(phoneValue(number, country));
  };

  return (
    <Card labelledBy={headingId}>
      <SetupStepHeading id={headingId} step={setupStep}>
        {title ?? (mode === 'update' ? 'Enter your new phone number' : 'Add an extra layer of security to your account')}
      </SetupStepHeading>
      {mode === 'update' ? null : <p>Enter your phone number below.</p>}
      <p>We&apos;ll send a code to verify your number in the next step.</p>
      <form noValidate onSubmit={submit}>
        <Stack>
          <FormRow>
            <SelectField
              label="Country"
              options={countries.map((option) => ({ value: option.code, label: option.label }))}
              value={country}
              onChange={(event) => {
                const next = event.target.value as CountryCode;
                setCountry(next);
                setNumber((current) => formatAsTyped(current, next));
                // A verdict on the number under another country's rules no longer holds.
                setError(null);
              }}
            />
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={nationalPlaceholder(country)}
              value={number}
              maxLength={24}
              error={error ?? undefined}
              onChange={(event) => setNumber(event.target.value)}
              onKeyUp={() => setNumber((current) => formatAsTyped(current, country))}
              onFocus={() => setError(null)}
              onBlur={() => {
                if (number.replace(/\D/g, '') === '') setError('Number is required');
              }}
            />
          </FormRow>
          <ActionsRow>
            <Button type="submit" busy={busy} disabled={number.replace(/\D/g, '') === ''}>
              Continue
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            {secondaryLink ? (
              <Button variant="link" onClick={secondaryLink.onClick}>
                {secondaryLink.text}
              </Button>
            ) : null}
          </ActionsRow>
        </Stack>
      </form>
    </Card>
  );
}
