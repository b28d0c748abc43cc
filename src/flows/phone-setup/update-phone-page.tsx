import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useDeleteOptionChoice, useMarkPhoneVerified, useSaveOptionChoice, useSavePhone } from '../../../generated/hooks/profile/profile';
import { PhoneEntryForm } from '../../components/phone-entry/phone-entry-form';
import type { PhoneValue } from '../../components/phone-entry/phone-rules';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { RadioGroup } from '../../components/ui/radio-group';
import { codeFailure, errorToast, TOASTS } from '../../lib/api/error-catalogue';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION, OPTION_SMS, PHONE_TYPE_MFA } from '../../lib/constants';
import { currentJourney } from '../../lib/journey/journey';
import { goToCodeEntry } from '../../lib/journey/journey-steps';
import { useJourney } from '../../lib/journey/use-journey';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { signOut } from '../../lib/session';
import { useStoredSession } from '../../lib/use-stored-session';
import { setMfaAdoptionInProgress } from '../../lib/session-storage';
import { useSingleFlight } from '../../lib/use-single-flight';

/**
 * `/update-phone`: adds the phone for one-time codes after sign-in. Save it (type 30, not
 * verified, primary), choose text or voice call, enter the code, then the phone is marked
 * verified, multi-factor sign-in switched on (9930 off, 20 removed, 190 on) and adoption ends.
 */
export function UpdatePhonePage() {
  const { userId } = useStoredSession();
  const navigate = useNavigate();
  const journey = useJourney();
  const savePhone = useSavePhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkPhoneVerified();
  const saveOption = useSaveOptionChoice();
  const deleteOption = useDeleteOptionChoice();
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [method, setMethod] = useState<'sms' | 'call'>('sms');
  const flight = useSingleFlight();

  const back = () => {
    const route = currentJourney().phoneBackRoute;
    if (route) navigate(route);
    // Nowhere to go back to: the sign-in cannot continue without a phone.
    else signOut('rejected');
  };

  const save = (value: PhoneValue) =>
    flight.run(async () => {
      try {
        await savePhone.mutateAsync({
          data: {
            type: PHONE_TYPE_MFA,
            number: value.number,
            countryCode: value.countryCode,
            extension: '',
            preferred: true,
            smsEnabled: true,
            verified: false,
          },
        });
        setPhone(value);
      } catch {
        notify(errorToast(TOASTS.updatePhone));
      }
    });

  const finish = async (code: string) => {
    await verifyCode.mutateAsync({ data: { code, type: method } });
    try {
      await markVerified.mutateAsync({ data: { type: PHONE_TYPE_MFA } });
      await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ADOPTION, active: false } });
      await deleteOption.mutateAsync({ data: { optionType: OPTION_SMS, active: false } });
      await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ACTIVE, active: true } });
    } catch {
      notify(errorToast(TOASTS.verifyPhone));
      return;
    }
    setMfaAdoptionInProgress(false);
    await journey.runStep((steps) => steps.continueToLanding());
  };

  const sendCode = async () => {
    await requestCode.mutateAsync({ userId, data: { type: method } });
  };

  const chooseMethod = () =>
    flight.run(async () => {
      if (!phone) return;
      await goToCodeEntry(
        {
          mfaOption: { type: method, contactInfo: phone.number },
          mfaOptionCount: 2,
          backRoute: paths.updatePhone,
          submit: finish,
          resend: sendCode,
          onFailure: (error) => notify(codeFailure(error, errorToast(TOASTS.verifyPhone))),
        },
        navigate,
      );
    });

  if (!phone) {
    return <PhoneEntryForm mode="setup" onSubmit={save} busy={flight.busy} secondaryLink={{ text: 'Back', onClick: back }} />;
  }
  return (
    <section className="card" aria-labelledby="phone-method-heading">
      <PageHeading id="phone-method-heading">How should we send your code?</PageHeading>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void chooseMethod();
        }}
      >
        <RadioGroup
          legend="Send the code to verify your number by"
          options={[
            { value: 'sms', label: 'Text message' },
            { value: 'call', label: 'Voice call' },
          ]}
          value={method}
          onChange={setMethod}
        />
        <div className="form__actions">
          <Button type="submit" busy={flight.busy}>
            Send code
          </Button>
          <Button variant="link" onClick={() => setPhone(null)}>
            Back
          </Button>
        </div>
      </form>
    </section>
  );
}
