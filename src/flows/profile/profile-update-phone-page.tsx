import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { PhoneEntryForm } from '../../components/phone-entry/phone-entry-form';
import { PhoneMethodForm } from '../../components/phone-setup/phone-method-form';
import type { PhoneValue } from '../../components/phone-entry/phone-rules';
import { PageHeading } from '../../components/ui/page-heading';
import { leavePortal } from '../../lib/browser-location';
import { codeFailure, errorToast, TOASTS } from '../../lib/api/error-catalogue';
import { env } from '../../lib/env';
import { goToCodeEntry } from '../../lib/journey/journey-steps';
import type { PhoneCodeMethod } from '../../lib/journey/phone-setup';
import { notify } from '../../lib/notifications';
import { externalTargets } from '../../lib/links';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { profileUpdatePhoneSlot, totpVerifiedSlot } from './profile-slots';
import { useAuthenticatorLookup } from './use-authenticator-lookup';
import { useProfilePhoneSteps } from './use-profile-phone-steps';

/**
 * `/profile-update-phone`: a new phone from the profile. A user with an authenticator app who
 * has not verified its code in this session verifies it first (on the shared code entry) and
 * comes back; then the phone set-up sequence, ending on the profile app's success page.
 */
export function ProfileUpdatePhonePage() {
  const navigate = useNavigate();
  const verifyCode = useVerifyMfaCode();
  const steps = useProfilePhoneSteps();
  const flight = useSingleFlight();
  const headingId = useId();
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [method, setMethod] = useState<PhoneCodeMethod>('sms');
  const verified = totpVerifiedSlot.read() === true;
  const lookup = useAuthenticatorLookup(!verified);
  const handled = useRef(false);

  useEffect(() => {
    profileUpdatePhoneSlot.write(true);
  }, []);

  useEffect(() => {
    // The spec's "up one level": a lookup that failed leaves this screen for the one above.
    if (handled.current || lookup.state === 'checking' || lookup.state === 'none') return;
    handled.current = true;
    if (lookup.state === 'failed') {
      // Saying why: the screen above has nothing to tell.
      notify(errorToast('Your security settings could not be loaded. Please try again later.'));
      navigate(paths.signIn);
      return;
    }
    void goToCodeEntry(
      {
        mfaOption: { type: 'totp' },
        mfaOptionCount: 1,
        backRoute: paths.signIn,
        submit: async (code) => {
          await verifyCode.mutateAsync({ data: { code, type: 'totp' } });
          totpVerifiedSlot.write(true);
          navigate(paths.profileUpdatePhone);
        },
        onFailure: (error) => notify(codeFailure(error, errorToast(TOASTS.codeNotValid))),
      },
      navigate,
    );
  }, [lookup.state, navigate, verifyCode]);

  if (!verified && lookup.state !== 'none') {
    return (
      <Page>
        <Card labelledBy={headingId}>
          <PageHeading id={headingId}>Enter your new phone number</PageHeading>
          <p aria-busy="true">Checking your security settings…</p>
        </Card>
      </Page>
    );
  }

  const save = (value: PhoneValue) =>
    flight.run(async () => {
      try {
        await steps.save(value);
        setPhone(value);
      } catch {
        notify(errorToast(TOASTS.updatePhone));
      }
    });

  const finish = async (code: string) => {
    await steps.verifyCode(code, method);
    try {
      await steps.markVerified();
    } catch {
      notify(errorToast(TOASTS.verifyPhone));
      return;
    }
    profileUpdatePhoneSlot.remove();
    leavePortal(externalTargets(env.envPathPrefix, env.helpCenterUrl).profilePhoneUpdated);
  };

  const chooseMethod = () =>
    flight.run(async () => {
      if (!phone) return;
      await goToCodeEntry(
        {
          mfaOption: { type: method, contactInfo: phone.number },
          mfaOptionCount: 2,
          // The spec's phone Back on a profile update: the profile phone-update page.
          backRoute: paths.profileUpdatePhone,
          submit: finish,
          resend: () => steps.sendCode(method),
          onFailure: (error) => notify(codeFailure(error, errorToast(TOASTS.verifyPhone))),
        },
        navigate,
      );
    });

  if (!phone) {
    return (
      <Page>
        <PhoneEntryForm
          mode="update"
          onSubmit={save}
          busy={flight.busy}
          onCancel={() => leavePortal(externalTargets(env.envPathPrefix, env.helpCenterUrl).profileSecurity)}
        />
      </Page>
    );
  }
  return (
    <PhoneMethodForm
      method={method}
      onMethodChange={setMethod}
      onSubmit={() => void chooseMethod()}
      onBack={() => setPhone(null)}
      busy={flight.busy}
    />
  );
}
