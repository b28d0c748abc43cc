import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useChangePasswordWithToken } from '../../../generated/hooks/recovery/recovery';
import { getVerifyResetTokenQueryKey, useVerifyResetToken } from '../../../generated/hooks/verification/verification';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { answerData } from '../../lib/api/answer-data';
import { isApiError } from '../../../gateway-client/api-error';
import { failureDescription, isRateLimited, isRefusal, isResetSessionTimeout, rateLimitMessage } from '../../lib/api/error-catalogue';
import type { ShownText } from '../../lib/i18n/shown-text';
import { clearNotifications, notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { markSignedOut } from '../../lib/session';
import { clearAllStorage, clearPortalSession } from '../../lib/session-writes';
import { NewPasswordForm } from '../../components/password/new-password-form';
import { recoveryTexts } from '../../lib/messages/recovery';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/reset-password/new-password`: the page a reset email's link opens ('Set a new password').
 * The route guard has read the link's token (and taken it out of the address bar); the gateway
 * says whether the link is still usable.
 */
export function NewPasswordPage() {
  const token = useOutletContext<string>();
  // Another link opened in the same tab starts afresh, whatever the first one came to.
  return <ResetLink key={token} token={token} />;
}

function ResetLink({ token }: { readonly token: string }) {
  const record = useVerifyResetToken({ token }, { query: { retry: false, staleTime: Infinity } });
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /**
   * The timed-out session's "reload": the page starts again, the link checked anew (its token
   * is held in memory: it left the address bar as the page opened, so the browser's reload
   * would come back without it and call the link expired).
   */
  const reload = () => {
    clearNotifications();
    void queryClient.resetQueries({ queryKey: getVerifyResetTokenQueryKey({ token }) });
  };

  if (done) {
    return (
      <Screen id="new-password-heading" heading={recoveryTexts.resetDone}>
        <p>{recoveryTexts.resetDoneHelp}</p>
        <ActionsRow>
          <Button onClick={() => navigate(paths.signIn)}>{recoveryTexts.goToSignIn}</Button>
        </ActionsRow>
      </Screen>
    );
  }
  if (record.isPending) {
    return (
      <Screen id="new-password-heading" heading={recoveryTexts.newPasswordHeading} busy>
        <p>{recoveryTexts.checkingLink}</p>
      </Screen>
    );
  }
  const link = record.data && answerData(record.data);
  // The spec's "not validated": a reset link's `verified` is not what makes it usable (the contract's ResetLinkRecord).
  const usable = link !== undefined && link.isValidated && !link.hasExpiredVerification && !link.isCompleted;
  if (record.isError || !usable) {
    const failed = record.isError && !isRefusal(record.error);
    // A 429 is a wait, not an expired link: how long, and Try again for when it is over.
    const throttled = isRateLimited(record.error) ? record.error : null;
    return (
      <Screen id="new-password-heading" heading={failed ? recoveryTexts.linkNotChecked : recoveryTexts.linkExpired}>
        {failed ? <p role="alert">{throttled ? rateLimitMessage(throttled) : recoveryTexts.linkNotCheckedHelp}</p> : null}
        <ActionsRow>
          <Button onClick={() => navigate(paths.resetPassword)}>{recoveryTexts.requestReset}</Button>
          {failed ? (
            <Button variant="secondary" onClick={() => void record.refetch()}>
              {commonTexts.tryAgain}
            </Button>
          ) : null}
        </ActionsRow>
      </Screen>
    );
  }
  return <NewPasswordEntry token={token} onDone={() => setDone(true)} onReload={reload} />;
}

function NewPasswordEntry({
  token,
  onDone,
  onReload,
}: {
  readonly token: string;
  readonly onDone: () => void;
  readonly onReload: () => void;
}) {
  const navigate = useNavigate();
  const change = useChangePasswordWithToken();
  return (
    <Screen id="new-password-heading" heading={recoveryTexts.newPasswordHeading}>
      <p>{recoveryTexts.completeFollowing}</p>
      <NewPasswordForm
        save={async (newPassword) => {
          await change.mutateAsync({ data: { token, newPassword } });
          // The spec: success clears session storage and the auth token; only the portal's own
          // keys, as the password is all it changed. This tab is signed out with them, so its watch
          // on the auth cookie does not take the user away from the success.
          clearPortalSession();
          markSignedOut();
          onDone();
        }}
        failureText={(failure) => resetFailureText(failure, onReload)}
        onCancel={() => {
          // Everything, as the spec says; this tab signs itself out with it, so its watch on
          // the auth cookie does not take the user on to 'You have been logged out'.
          clearAllStorage();
          markSignedOut();
          navigate(paths.signIn);
        }}
      />
    </Screen>
  );
}

/** A timed-out reset session is a notification with a reload, not an inline error. */
function resetFailureText(failure: unknown, reload: () => void): ShownText | null {
  if (isApiError(failure) && isResetSessionTimeout(failure)) {
    notify({
      type: 'warning',
      message: () => recoveryTexts.sessionTimedOut,
      isDismissable: true,
      isUnique: true,
      cta: { text: () => recoveryTexts.reloadPage, onClick: reload },
    });
    return null;
  }
  return () => (isApiError(failure) ? failureDescription(failure) : null) ?? recoveryTexts.savingFailed;
}
