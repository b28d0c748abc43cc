import { useId } from 'react';
import type { PhoneCodeMethod } from '../journey';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { RadioGroup } from '../../components/ui/radio-group';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';

interface PhoneMethodFormProps {
  readonly method: PhoneCodeMethod;
  readonly onMethodChange: (method: PhoneCodeMethod) => void;
  /** Sends the code the chosen way. */
  readonly onSubmit: () => void;
  /** Back to the phone entry. */
  readonly onBack: () => void;
  readonly busy: boolean;
  /** Account setup's step number of this screen; none outside the setup. */
  readonly setupStep?: number | undefined;
}

/** 'How should we send your code?': text message or voice call, after a phone was entered. */
export function PhoneMethodForm({ method, onMethodChange, onSubmit, onBack, busy, setupStep }: PhoneMethodFormProps) {
  const headingId = useId();
  return (
    <Page>
      <Card labelledBy={headingId}>
        <SetupStepHeading id={headingId} step={setupStep}>
          How should we send your code?
        </SetupStepHeading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
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
              onChange={onMethodChange}
            />
            <ActionsRow>
              <Button type="submit" busy={busy}>
                Send code
              </Button>
              <Button variant="link" onClick={onBack}>
                Back
              </Button>
            </ActionsRow>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
