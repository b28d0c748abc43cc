import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PhoneEntryForm } from '../../components/phone-entry/phone-entry-form';
import { codeSent } from '../code-request-failure';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { paths } from '../../lib/paths';
import { useLogOutToLogin } from '../../lib/use-log-out';
import { useSingleFlight } from '../../lib/use-single-flight';
import type { PhoneCodeMethod, PhoneNumber, PhonePurpose, PhoneSetupStep } from '../journey';
import { useJourney } from '../use-journey';
import { PhoneMethodForm } from './phone-method-form';
import { usePhoneSetup } from './use-phone-setup';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';
import type { PhoneEntryInput } from '../../components/phone-entry/phone-entry.schema';

/** Account setup's step numbers of the phone entry, the choice of method and the code. */
export const SETUP_PHONE_STEPS = { entry: 5, method: 6, code: 7 } as const;

/** How the phone entry looks for each purpose: a profile's update, else a set-up. */
const MODE: Readonly<Record<PhonePurpose, 'setup' | 'update'>> = {
  'sign-in': 'setup',
  adoption: 'setup',
  setup: 'setup',
  profile: 'update',
};

/**
 * The screens of a phone set-up: the phone entry, then the choice of text message or voice call,
 * which sends the code and moves on to the code screen (the sequence is use-phone-setup's).
 * The phone entry's way out (spec section 4, "Phone Back"): the profile's Cancel returns to the
 * profile; account setup's Back reopens the email's code screen; adoption's Back goes to the
 * sign-in form; after a sign-in without any method there is nowhere to go back to, so Back logs
 * out to the login page.
 */
export function PhoneSetup({ step }: { readonly step: PhoneSetupStep }) {
  const navigate = useNavigate();
  const journey = useJourney();
  const logOut = useLogOutToLogin();
  const phoneSetup = usePhoneSetup();
  const [phone, setPhone] = useState<PhoneNumber | null>(null);
  /** The country and number as typed, shown again when the user comes back from the choice of method. */
  const [entered, setEntered] = useState<PhoneEntryInput | null>(null);
  /** The choice of text message or voice call as the user left it, shown again when they come back to it. */
  const [method, setMethod] = useState<PhoneCodeMethod>('sms');
  const flight = useSingleFlight();
  const setupSteps = step.purpose === 'setup' ? SETUP_PHONE_STEPS : undefined;

  const save = (value: PhoneNumber, typed: PhoneEntryInput) =>
    flight.run(async () => {
      setEntered(typed);
      if (await phoneSetup.savePhone(value)) setPhone(value);
    });

  const send = (chosen: PhoneCodeMethod) =>
    flight.run(async () => {
      if (!phone || !(await codeSent(() => phoneSetup.sendCode(chosen)))) return;
      journey.advance({
        name: 'code-entry',
        code: { for: 'phone', purpose: step.purpose, phone, method: chosen, setup: step.setup },
        back: step,
      });
    });

  const back = () => {
    if (step.back) journey.back(step);
    else if (step.purpose === 'adoption') navigate(paths.signIn);
    else logOut();
  };

  if (!phone) {
    return (
      <PhoneEntryForm
        mode={MODE[step.purpose]}
        // Account setup's own heading, read as drawn (the language may change).
        {...(step.purpose === 'setup' ? { title: journeyTexts.setupPhoneHeading } : {})}
        setupStep={setupSteps?.entry}
        onSubmit={save}
        entered={entered}
        busy={flight.busy}
        {...(step.purpose === 'profile'
          ? { onCancel: () => leavePortal(externalTargets(env.envPathPrefix).profileSecurity) }
          : { secondaryLink: { text: commonTexts.back, onClick: back } })}
      />
    );
  }
  return (
    <PhoneMethodForm
      defaultMethod={method}
      onSubmit={(chosen) => void send(chosen)}
      onBack={(chosen) => {
        setMethod(chosen);
        setPhone(null);
      }}
      busy={flight.busy}
      setupStep={setupSteps?.method}
    />
  );
}
