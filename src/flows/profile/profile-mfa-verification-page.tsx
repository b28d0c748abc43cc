import { useEffect, useRef, useState } from 'react';
import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useMarkEmailVerified } from '../../../generated/hooks/profile/profile';
import { useRemoveTotpDevice } from '../../../generated/hooks/totp/totp';
import { CodeEntryForm } from '../../journey/code-entry/code-entry-form';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../../gateway-client/api-error';
import { signInInternalError } from '../../lib/api/failures';
import { errorToast, isNoSecurityDevice, rateLimitMessage } from '../../lib/api/error-catalogue';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { codeRequestFailure } from '../../journey/code-request-failure';
import { notify } from '../../lib/notifications';
import { externalTargets } from '../../lib/links';
import { paths } from '../../lib/paths';
import { useSupportPhone } from '../../lib/public-content';
import { useOnce } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import { successVerificationSlot, totpDeviceRemovedSlot } from '../../journey/phone-setup/profile-slots';
import { useAuthenticatorLookup } from './use-authenticator-lookup';
import { errorTexts } from '../../lib/messages/errors';
import { profileTexts } from '../../lib/messages/profile';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/outer-mfa-verification` and `/profile-mfa-verification` (spec section 4): the user proves
 * who they are before a security change in the profile. With an authenticator app its code is
 * verified and the app removed; otherwise a code goes by email, then the email is marked
 * verified. Either way a success flag is stored and the user returns to the profile app. The
 * code form is the one every flow shares (lockout, 60-second resend for the email code).
 */
export function ProfileMfaVerificationPage() {
  const { userId } = useStoredSession();
  const lookup = useAuthenticatorLookup(true);
  const supportPhone = useSupportPhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const removeDevice = useRemoveTotpDevice();
  const markEmailVerified = useMarkEmailVerified();
  // When the email code went (undefined while it is on its way, null when it could not be sent).
  const [emailSentAt, setEmailSentAt] = useState<number | null | undefined>(undefined);
  const sent = useRef(false);
  const targets = externalTargets(env.envPathPrefix);

  const requestEmailCode = async () => {
    await requestCode.mutateAsync({ userId, data: { type: 'email' } });
    setEmailSentAt(performance.now());
  };

  useEffect(() => {
    if (lookup.state !== 'none' || sent.current) return;
    sent.current = true;
    requestEmailCode().catch((error: unknown) => {
      setEmailSentAt(null);
      notify(codeRequestFailure(error));
    });
    // requestEmailCode is rebuilt each render; the ref sends the email code once.
  });

  const byApp = lookup.state === 'app';

  const removeApp = async () => {
    try {
      await removeDevice.mutateAsync({});
    } catch (error) {
      const noDevice = isApiError(error) && isNoSecurityDevice(error);
      notify(errorToast(() => (noDevice ? profileTexts.noSecurityDevice({ supportPhone }) : errorTexts.removeTotpDevice)));
      return;
    }
    totpDeviceRemovedSlot.write(true);
    leavePortal(targets.profileSecurity);
  };

  const verifyEmail = async () => {
    try {
      await markEmailVerified.mutateAsync({ params: { type: 'email' } });
    } catch {
      notify(errorToast(() => errorTexts.verifyEmail));
      return;
    }
    successVerificationSlot.write(true);
    leavePortal(targets.profileSecurity);
  };

  // A refused code rejects (the shared form empties the field and shows the lockout or the toast);
  // a failure after it has its own toast and leaves the code as typed. Another try (Continue
  // again) repeats only what failed: a code is good once, and it went through.
  const once = useOnce();
  const submit = async (code: string) => {
    await once('code', () => verifyCode.mutateAsync({ data: { code, type: byApp ? 'totp' : 'email' } }));
    await (byApp ? removeApp() : verifyEmail());
  };

  if (lookup.state === 'checking' || lookup.state === 'failed') {
    return (
      <Screen heading={profileTexts.enterCode}>
        {lookup.state === 'checking' ? (
          <p aria-busy="true">{profileTexts.checkingSettings}</p>
        ) : (
          <>
            <p role="alert">{lookup.throttled ? rateLimitMessage(lookup.throttled) : errorTexts.securitySettingsNotLoaded}</p>
            <ActionsRow>
              <Button onClick={() => leavePortal(targets.profileSecurity)}>{profileTexts.backToProfile}</Button>
            </ActionsRow>
          </>
        )}
      </Screen>
    );
  }

  return (
    <Screen heading={profileTexts.enterCode}>
      <p>
        {byApp
          ? profileTexts.appCodeHelp
          : typeof emailSentAt === 'number'
            ? profileTexts.emailCodeSent
            : emailSentAt === null
              ? profileTexts.emailCodeNotSent
              : profileTexts.emailCodeSending}
      </p>
      <CodeEntryForm
        submit={submit}
        // A code the gateway refused is 'not valid' (the shared form); a failure to check it is no verdict on it.
        failure={signInInternalError}
        resend={byApp ? undefined : requestEmailCode}
        sentAt={emailSentAt}
        path={paths.profileMfaVerification}
        secondary={{ text: commonTexts.cancel, onClick: () => leavePortal(targets.profileSecurity) }}
      />
    </Screen>
  );
}
