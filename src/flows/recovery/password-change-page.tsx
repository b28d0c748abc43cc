import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useChangePassword } from '../../../generated/hooks/profile/profile';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../../gateway-client/api-error';
import { failureDescription } from '../../lib/api/error-catalogue';
import { paths } from '../../lib/paths';
import { signOut } from '../../lib/session';
import { useStoredSession } from '../../lib/use-stored-session';
import { NewPasswordForm } from '../../components/password/new-password-form';
import { recoveryTexts } from '../../lib/messages/recovery';

/**
 * `/password` (guarded): a signed-in user whose landing address is 'password' chooses a new
 * password, then sees the success panel once no errors come back.
 */
export function PasswordChangePage() {
  const { username } = useStoredSession();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      // A screen of its own (its key): its heading takes the focus, which was on the button now gone.
      <Screen key="done" id="password-change-heading" heading={recoveryTexts.changed}>
        <p>{recoveryTexts.signInAgain}</p>
        <ActionsRow>
          <Button
            onClick={() => {
              signOut('logout');
              navigate(paths.signIn, { replace: true });
            }}
          >
            {recoveryTexts.goToSignIn}
          </Button>
        </ActionsRow>
      </Screen>
    );
  }
  return (
    <Screen id="password-change-heading" heading={recoveryTexts.changeHeading}>
      <p>{recoveryTexts.chooseNewPassword}</p>
      <NewPasswordForm
        save={async (newPassword) => {
          await change.mutateAsync({ data: { username, newPassword } });
          setDone(true);
        }}
        failureText={(failure) => () => (isApiError(failure) ? failureDescription(failure) : null) ?? recoveryTexts.changeFailed}
      />
    </Screen>
  );
}
