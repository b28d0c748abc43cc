import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { PhoneEntryForm } from '../../components/phone-entry/phone-entry-form';
import { PhoneMethodForm } from '../../components/phone-setup/phone-method-form';
import type { PhoneValue } from '../../components/phone-entry/phone-rules';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { leavePortal } from '../../lib/browser-location';
import { codeFailure, errorToast, SECURITY_SETTINGS_NOT_LOADED, TOASTS } from '../../lib/api/error-catalogue';
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
  const targets = externalTargets(env.envPathPrefix, env.helpCenterUrl);

  useEffect(() => {
    profileUpdatePhoneSlot.write(true);
  }, []);

  useEffect(() => {
    if (handled.current || lookup.state === 'checking' || lookup.state === 'none') return;
    // No usable answer (none, none in time, or one that breaks the contract) says nothing about
    // the user's app: the screen says so where the user is, signed in, with Try again (below).
    if (lookup.state === 'failed' && !lookup.refused) return;
    handled.current = true;
    if (lookup.state === 'failed') {
      // The spec's "up one level": a lookup the gateway answered with an error leaves this screen
      // for the one above, saying why (the screen above has nothing to tell).
      notify(errorToast(SECURITY_SETTINGS_NOT_LOADED));
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
  }, [lookup, navigate, verifyCode]);

  if (!verified && lookup.state !== 'none') {
    // The phone entry is never offered around the lookup: a user with an app proves it first.
    const retry = lookup.state === 'failed' && !lookup.refused ? lookup.retry : null;
    return (
      <Page>
        <Card labelledBy={headingId}>
          <PageHeading id={headingId}>Enter your new phone number</PageHeading>
          {retry ? (
            <>
              <p role="alert">{SECURITY_SETTINGS_NOT_LOADED}</p>
              <ActionsRow>
                <Button onClick={retry}>Try again</Button>
                <Button variant="secondary" onClick={() => leavePortal(targets.profileSecurity)}>
                  Back to your profile
                </Button>
              </ActionsRow>
            </>
          ) : (
            <p aria-busy="true">Checking your security settings…</p>
          )}
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
    leavePortal(targets.profilePhoneUpdated);
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
        <PhoneEntryForm mode="update" onSubmit={save} busy={flight.busy} onCancel={() => leavePortal(targets.profileSecurity)} />
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
