import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useMarkEmailVerified } from '../../../generated/hooks/profile/profile';
import { useRemoveTotpDevice } from '../../../generated/hooks/totp/totp';
import { ActionsRow } from '../../components/layout/actions-row';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { CodeInput } from '../../components/ui/code-input';
import { PageHeading } from '../../components/ui/page-heading';
import { isApiError } from '../../lib/api/api-error';
import { codeFailure, errorToast, isNoSecurityDevice, TOASTS } from '../../lib/api/error-catalogue';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { notify } from '../../lib/notifications';
import { externalTargets } from '../../lib/links';
import { useSupportPhone } from '../../lib/public-content';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import { successVerificationSlot, totpDeviceRemovedSlot } from './profile-slots';
import { useAuthenticatorLookup } from './use-authenticator-lookup';

/** Every one-time code of the profile flows has 6 digits. */
const CODE_LENGTH = 6;

/**
 * `/outer-mfa-verification` and `/profile-mfa-verification` (spec section 4): the user proves
 * who they are before a security change in the profile. With an authenticator app its code is
 * verified and the app removed; otherwise a code goes by email, then the email is marked
 * verified. Either way a success flag is stored and the user returns to the profile app.
 */
export function ProfileMfaVerificationPage() {
  const { userId } = useStoredSession();
  const lookup = useAuthenticatorLookup(true);
  const supportPhone = useSupportPhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const removeDevice = useRemoveTotpDevice();
  const markEmailVerified = useMarkEmailVerified();
  const flight = useSingleFlight();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [emailSent, setEmailSent] = useState(false);
  const sent = useRef(false);
  const targets = externalTargets(env.envPathPrefix, env.helpCenterUrl);

  const sendEmailCode = async () => {
    try {
      await requestCode.mutateAsync({ userId, data: { type: 'email' } });
      setEmailSent(true);
    } catch {
      notify(errorToast(TOASTS.requestToken));
    }
  };

  useEffect(() => {
    if (lookup.state !== 'none' || sent.current) return;
    sent.current = true;
    void sendEmailCode();
    // sendEmailCode is rebuilt each render; the ref sends the email code once.
  });

  const byApp = lookup.state === 'app';

  const removeApp = async () => {
    try {
      await removeDevice.mutateAsync({});
    } catch (error) {
      if (isApiError(error) && isNoSecurityDevice(error)) {
        notify(errorToast(`${TOASTS.noSecurityDevice}. Please call customer service${supportPhone ? ` at ${supportPhone}` : ''}.`));
      } else {
        notify(errorToast(TOASTS.removeTotpDevice));
      }
      return;
    }
    totpDeviceRemovedSlot.write(true);
    leavePortal(targets.profileSecurity);
  };

  const verifyEmail = async () => {
    try {
      await markEmailVerified.mutateAsync({ params: { type: 'email' } });
    } catch {
      notify(errorToast(TOASTS.verifyEmail));
      return;
    }
    successVerificationSlot.write(true);
    leavePortal(targets.profileSecurity);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code === '') return;
    void flight.run(async () => {
      try {
        await verifyCode.mutateAsync({ data: { code, type: byApp ? 'totp' : 'email' } });
      } catch (error) {
        notify(isApiError(error) ? codeFailure(error, errorToast(TOASTS.codeNotValid)) : errorToast(TOASTS.codeNotValid));
        setCode('');
        return;
      }
      await (byApp ? removeApp() : verifyEmail());
    });
  };

  if (lookup.state === 'checking' || lookup.state === 'failed') {
    return (
      <Page>
        <Card labelledBy={headingId}>
          <PageHeading id={headingId}>Enter the code</PageHeading>
          {lookup.state === 'checking' ? (
            <p aria-busy="true">Checking your security settings…</p>
          ) : (
            <>
              <p role="alert">Your security settings could not be loaded. Please try again later.</p>
              <ActionsRow>
                <Button onClick={() => leavePortal(targets.profileSecurity)}>Back to your profile</Button>
              </ActionsRow>
            </>
          )}
        </Card>
      </Page>
    );
  }

  return (
    <Page>
      <Card labelledBy={headingId}>
        <PageHeading id={headingId}>Enter the code</PageHeading>
        <p>
          {byApp
            ? 'Enter the code your authenticator app shows.'
            : emailSent
              ? 'We sent a code to your email address. Enter it below.'
              : 'We are sending a code to your email address.'}
        </p>
        <form noValidate onSubmit={submit}>
          <Stack>
            <CodeInput
              label="Code"
              hint={`Up to ${CODE_LENGTH} digits`}
              name="code"
              placeholder={'0'.repeat(CODE_LENGTH)}
              maxLength={CODE_LENGTH}
              value={code}
              onValueChange={setCode}
            />
            <ActionsRow>
              <Button type="submit" busy={flight.busy} disabled={code === ''}>
                Continue
              </Button>
              {byApp ? null : (
                <Button variant="link" onClick={() => void flight.run(sendEmailCode)}>
                  Send a new code
                </Button>
              )}
              <Button variant="link" onClick={() => leavePortal(targets.profileSecurity)}>
                Cancel
              </Button>
            </ActionsRow>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
