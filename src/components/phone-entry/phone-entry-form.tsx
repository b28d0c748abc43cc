import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from '../../lib/i18n/locale';
import { Screen } from '../layout/screen';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import { FormFooter } from '../layout/form-footer';
import { FormRow } from '../layout/form-row';
import { Stack } from '../layout/stack';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { countryOptions, DEFAULT_COUNTRY } from './countries';
import { phoneEntrySchema, type PhoneEntryInput } from './phone-entry.schema';
import { caretAfterFormatting, formatAsTyped, hasNoDigits, nationalPlaceholder, type PhoneValue } from './phone-rules';
import { commonTexts } from '../../lib/messages/common';

interface PhoneEntryFormProps {
  /** `update` when changing the phone from the profile, `setup` otherwise. */
  readonly mode: 'update' | 'setup';
  /** Replaces the default title (account setup has its own). */
  readonly title?: string;
  readonly setupStep?: number | undefined;
  /** The phone checked, and the country and number as the user typed them (to show them again). */
  readonly onSubmit: (phone: PhoneValue, entered: PhoneEntryInput) => Promise<void> | void;
  /** What the user typed before, when they come back to this entry (Back from the next step). */
  readonly entered?: PhoneEntryInput | null | undefined;
  readonly busy?: boolean;
  readonly onCancel?: () => void;
  readonly secondaryLink?: { readonly text: string; readonly onClick: () => void };
}

/**
 * The phone entry of the spec's section 2, shared by the sign-in journey, account setup and the
 * profile: a country (United States +1 first), a number formatted per country as it is typed
 * and checked against the country's patterns (libphonenumber-js, which loads only with the
 * screens that use this form).
 */
export function PhoneEntryForm({ mode, title, setupStep, onSubmit, entered, busy = false, onCancel, secondaryLink }: PhoneEntryFormProps) {
  const locale = useLocale();
  // Named in the page's language: a change of language names them again.
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { control, register, handleSubmit, getValues, setValue, setError, clearErrors, formState } = usePortalForm<
    PhoneEntryInput,
    unknown,
    PhoneValue
  >({
    resolver: zodResolver(phoneEntrySchema),
    defaultValues: entered ?? { country: DEFAULT_COUNTRY, number: '' },
    // A verdict stands until the field is focused again (or the country changes), not re-checked on each key.
    reValidateMode: 'onSubmit',
    // The error is announced (role=alert); focus stays put, since focusing the field clears it.
    shouldFocusError: false,
  });
  const [country, number] = useWatch({ control, name: ['country', 'number'] });

  const heading = title ?? (mode === 'update' ? commonTexts.phoneUpdateHeading : commonTexts.phoneSetupHeading);
  return (
    <Screen heading={heading} setupStep={setupStep}>
      {mode === 'update' ? null : <p>{commonTexts.phoneEnterBelow}</p>}
      <p>{commonTexts.phoneCodeNext}</p>
      <form noValidate onSubmit={handleSubmit((phone) => void onSubmit(phone, getValues()))}>
        <Stack>
          <FormRow>
            <SelectField
              label={commonTexts.country}
              options={countries}
              {...register('country', {
                onChange: () => {
                  setValue('number', formatAsTyped(getValues('number'), getValues('country')));
                  // A verdict on the number under another country's rules no longer holds.
                  clearErrors('number');
                },
              })}
            />
            <TextField
              label={commonTexts.phoneNumber}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={nationalPlaceholder(country)}
              maxLength={24}
              error={formState.errors.number?.message}
              {...register('number', {
                onBlur: () => {
                  if (hasNoDigits(getValues('number'))) setError('number', { type: 'required', message: commonTexts.numberRequired });
                },
              })}
              onKeyUp={(event) => {
                const input = event.currentTarget;
                const typed = input.value;
                const formatted = formatAsTyped(typed, getValues('country'));
                if (formatted === typed) return;
                // Setting the value would put the caret at the end: it stays among the digits it was after.
                const caret = caretAfterFormatting(typed, input.selectionStart ?? typed.length, formatted);
                setValue('number', formatted);
                input.setSelectionRange(caret, caret);
              }}
              onFocus={() => clearErrors('number')}
            />
          </FormRow>
          <FormFooter
            submit={commonTexts.continue}
            busy={busy}
            disabled={hasNoDigits(number)}
            secondary={onCancel ? { text: commonTexts.cancel, onClick: onCancel, variant: 'secondary' } : secondaryLink}
          />
        </Stack>
      </form>
    </Screen>
  );
}
