import { zodResolver } from '@hookform/resolvers/zod';
import { Screen } from '../../components/layout/screen';
import { useController } from 'react-hook-form';
import { usePortalForm } from '../../lib/use-portal-form';
import type { PhoneCodeMethod } from '../journey';
import { FormFooter } from '../../components/layout/form-footer';
import { Stack } from '../../components/layout/stack';
import { RadioGroup } from '../../components/ui/radio-group';
import { phoneMethodSchema, type PhoneMethodValues } from './phone-method.schema';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';

interface PhoneMethodFormProps {
  /** The choice the form starts with: the one made last, when the user comes back to it. */
  readonly defaultMethod: PhoneCodeMethod;
  readonly onSubmit: (method: PhoneCodeMethod) => void;
  readonly onBack: (method: PhoneCodeMethod) => void;
  readonly busy: boolean;
  /** Account setup's step number of this screen; none outside the setup. */
  readonly setupStep?: number | undefined;
}

/** 'How should we send your code?': text message or voice call, after a phone was entered. */
export function PhoneMethodForm({ defaultMethod, onSubmit, onBack, busy, setupStep }: PhoneMethodFormProps) {
  const form = usePortalForm<PhoneMethodValues>({ resolver: zodResolver(phoneMethodSchema), defaultValues: { method: defaultMethod } });
  const { field } = useController({ control: form.control, name: 'method' });
  return (
    <Screen heading={journeyTexts.phoneMethodHeading} setupStep={setupStep}>
      <form noValidate onSubmit={form.handleSubmit(({ method }) => onSubmit(method))}>
        <Stack>
          <RadioGroup
            legend={journeyTexts.phoneMethodLegend}
            options={[
              { value: 'sms', label: journeyTexts.textMessage },
              { value: 'call', label: journeyTexts.voiceCall },
            ]}
            value={field.value}
            onChange={field.onChange}
          />
          <FormFooter
            submit={commonTexts.sendCode}
            busy={busy}
            secondary={{ text: commonTexts.back, onClick: () => onBack(field.value) }}
          />
        </Stack>
      </form>
    </Screen>
  );
}
