import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { getValidateUsernameQueryOptions, useCompleteAccountSetup } from '../../../generated/hooks/account-setup/account-setup';
import { useUpdateCredentials } from '../../../generated/hooks/profile/profile';
import { isApiError } from '../../lib/api/api-error';
import { businessErrorDescription, errorToast, isUsernameTaken } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { currentJourney, setAccountSetup, setPhoneBackRoute, setSetupToken } from '../../lib/journey/journey';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';

/** The spec's texts for a username that cannot be used, and for a failed update (section 8). */
export const SETUP_TEXTS = {
  usernameTaken: (alternate: string) => `Username must be unique. ${alternate} is available for use.`,
  /** A taken username without an alternative to offer. */
  usernameTakenNoAlternate: 'Username must be unique.',
  verifyUsername: 'Error verifying username, please try again.',
  updateCredentials: 'Error updating credentials. Please try again.',
} as const;

/** How saving the credentials ended; `taken` carries the gateway's description (CVERR02). */
export type SaveOutcome =
  { readonly kind: 'saved' } | { readonly kind: 'taken'; readonly description: string | null } | { readonly kind: 'failed' };

/** What account setup's steps share: the username check and the saving of the credentials. */
export function useAccountSetupCalls() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const updateCredentials = useUpdateCredentials();
  const completeSetup = useCompleteAccountSetup();

  /** Whether a username is free (validateUsername): null when it is, otherwise what to tell the user. */
  const checkUsername = async (username: string): Promise<string | null> => {
    try {
      // Asked afresh each time: someone else may have taken it since.
      const answer = await queryClient.fetchQuery({ ...getValidateUsernameQueryOptions({ username }), staleTime: 0, retry: false });
      const data = answer.data;
      if (!data) return SETUP_TEXTS.verifyUsername;
      if (data.userNameAvailable) return null;
      return data.alternateUsername ? SETUP_TEXTS.usernameTaken(data.alternateUsername) : SETUP_TEXTS.usernameTakenNoAlternate;
    } catch {
      return SETUP_TEXTS.verifyUsername;
    }
  };

  /**
   * Saves the setup's username, password and email (updateCredentials), then completes the setup
   * with the link's token when the journey holds one, then goes to the phone (step 5), whose Back
   * returns to the code screen. Once both have gone through they are not sent again (the phone's
   * Back may lead to the code once more). A taken username (CVERR02) is the caller's to handle;
   * any other failure shows its description, or the catalogue's text, and stays, keeping the
   * choices for another try.
   */
  const saveCredentials = async (): Promise<SaveOutcome> => {
    const setup = currentJourney().setup;
    if (!setup) return { kind: 'failed' };
    if (!setup.saved) {
      if (setup.password === null || setup.email === null) return { kind: 'failed' };
      try {
        await updateCredentials.mutateAsync({ data: { username: setup.username, password: setup.password, email: setup.email } });
      } catch (error) {
        const description = isApiError(error) ? businessErrorDescription(error) : null;
        if (isApiError(error) && isUsernameTaken(error)) return { kind: 'taken', description };
        notify(errorToast(description ?? SETUP_TEXTS.updateCredentials));
        return { kind: 'failed' };
      }
      const token = currentJourney().setupToken;
      if (token) {
        try {
          await completeSetup.mutateAsync({ data: { token } });
        } catch (error) {
          const description = isApiError(error) ? businessErrorDescription(error) : null;
          notify(description ? errorToast(description) : signInInternalError);
          return { kind: 'failed' };
        }
        setSetupToken(null);
      }
      // Saved: the password is no longer needed, so it is no longer kept.
      setAccountSetup({ ...setup, password: null, saved: true });
    }
    setPhoneBackRoute(paths.mfaVerification);
    navigate(paths.accountSetupPhone);
    return { kind: 'saved' };
  };

  return { checkUsername, saveCredentials };
}
