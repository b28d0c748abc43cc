import { useState } from 'react';
import { usePhoneSetup, type PhoneCodeMethod, type PhoneSetupOptions } from '../../lib/journey/phone-setup';
import { useSingleFlight } from '../../lib/use-single-flight';
import { ActionsRow } from '../layout/actions-row';
import { Card } from '../layout/card';
import { Page } from '../layout/page';
import { Stack } from '../layout/stack';
import { PhoneEntryForm } from '../phone-entry/phone-entry-form';
import type { PhoneValue } from '../phone-entry/phone-rules';
import { Button } from '../ui/button';
import { RadioGroup } from '../ui/radio-group';
import { SetupStepHeading } from '../ui/setup-step-heading';

interface PhoneSetupProps extends Omit<PhoneSetupOptions, 'codeStep'> {
  /** `update` when changing the phone from the profile, `setup` otherwise (the phone entry's texts). */
  readonly mode: 'setup' | 'update';
  /** Replaces the phone entry's default title. */
  readonly title?: string;
  /** Account setup's step numbers of the phone entry, the choice of method and the code entry. */
  readonly setupSteps?: { readonly entry: number; readonly method: number; readonly code: number };
  /** The phone entry's secondary link (for example 'Back'); none when absent. */
  readonly secondaryLink?: { readonly text: string; readonly onClick: () => void };
  /** A Cancel button on the phone entry; none when absent. */
  readonly onCancel?: () => void;
}

/**
 * The screens of a phone set-up: the phone entry, then the choice of text message or voice call,
 * which sends the code and opens the code screen (the sequence is lib/journey/phone-setup's).
 */
export function PhoneSetup({ mode, title, setupSteps, secondaryLink, onCancel, ...options }: PhoneSetupProps) {
  const phoneSetup = usePhoneSetup({ ...options, codeStep: setupSteps?.code });
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [method, setMethod] = useState<PhoneCodeMethod>('sms');
  const flight = useSingleFlight();

  const save = (value: PhoneValue) =>
    flight.run(async () => {
      if (await phoneSetup.savePhone(value)) setPhone(value);
    });

  const send = () =>
    flight.run(async () => {
      if (phone) await phoneSetup.sendCode(phone, method);
    });

  if (!phone) {
    return (
      <Page>
        <PhoneEntryForm
          mode={mode}
          {...(title === undefined ? {} : { title })}
          setupStep={setupSteps?.entry}
          onSubmit={save}
          busy={flight.busy}
          {...(onCancel ? { onCancel } : {})}
          {...(secondaryLink ? { secondaryLink } : {})}
        />
      </Page>
    );
  }
  return (
    <Page>
      <Card labelledBy="phone-method-heading">
        <SetupStepHeading id="phone-method-heading" step={setupSteps?.method}>
          How should we send your code?
        </SetupStepHeading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack>
            <RadioGroup
              legend="Send the code to verify your number by"
              options={[
                { value: 'sms', label: 'Text message' },
                { value: 'call', label: 'Voice call' },
              ]}
              value={method}
              onChange={setMethod}
            />
            <ActionsRow>
              <Button type="submit" busy={flight.busy}>
                Send code
              </Button>
              <Button variant="link" onClick={() => setPhone(null)}>
                Back
              </Button>
            </ActionsRow>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
