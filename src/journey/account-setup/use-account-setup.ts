import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { getValidateUsernameQueryOptions, useCompleteAccountSetup } from '../../../generated/hooks/account-setup/account-setup';
import { useUpdateCredentials } from '../../../generated/hooks/profile/profile';
import { answerData } from '../../lib/api/answer-data';
import { isApiError } from '../../../gateway-client/api-error';
import { businessErrorDescription, errorToast, isRateLimited, isUsernameTaken, rateLimitMessage } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import type { ShownText } from '../../lib/i18n/shown-text';
import { notify } from '../../lib/notifications';
import type { CodeEntryStep, SetupProgress, Step } from '../journey';
import { errorTexts } from '../../lib/messages/errors';

/** How saving the credentials ended; `taken` carries the gateway's description (CVERR02). */
export type SaveOutcome =
  | { readonly kind: 'saved'; readonly setup: SetupProgress }
  | { readonly kind: 'taken'; readonly description: string | null }
  | { readonly kind: 'failed' };

/** What account setup's steps share: the username check and the saving of the credentials. */
export function useAccountSetupCalls() {
  const queryClient = useQueryClient();
  const updateCredentials = useUpdateCredentials();
  const completeSetup = useCompleteAccountSetup();
  /** The username and email whose credentials went through, while the completion may still fail. */
  const updated = useRef<string | null>(null);

  /** Whether a username is free (validateUsername): null when it is, otherwise what to tell the user. */
  const checkUsername = async (username: string): Promise<ShownText | null> => {
    try {
      // Asked afresh each time: someone else may have taken it since.
      const answer = await queryClient.fetchQuery({ ...getValidateUsernameQueryOptions({ username }), staleTime: 0, retry: false });
      const data = answerData(answer);
      if (data.userNameAvailable) return null;
      const alternate = data.alternateUsername;
      return alternate ? () => errorTexts.usernameTaken({ alternate }) : () => errorTexts.usernameTakenNoAlternate;
    } catch (error) {
      // A 429 says nothing of the username: the wait, for another try once it is over.
      if (isRateLimited(error)) return () => rateLimitMessage(error);
      return () => errorTexts.verifyUsername;
    }
  };

  /**
   * Saves the setup's username, password and email (updateCredentials), then completes the setup
   * with its link's token when it has one. Once both have gone through they are not sent again
   * (the phone's Back may lead to the code once more), and the password is no longer kept; when
   * only the completion failed, another try sends only the completion. A
   * taken username (CVERR02) is the caller's to handle; any other failure shows its description,
   * or the catalogue's text, and keeps the choices for another try.
   */
  const saveCredentials = async (setup: SetupProgress): Promise<SaveOutcome> => {
    if (setup.saved) return { kind: 'saved', setup };
    if (setup.password === null || setup.email === null) return { kind: 'failed' };
    const credentials = `${setup.username}\n${setup.email}`;
    if (updated.current !== credentials) {
      try {
        await updateCredentials.mutateAsync({ data: { username: setup.username, password: setup.password, email: setup.email } });
      } catch (error) {
        const description = isApiError(error) ? businessErrorDescription(error) : null;
        if (isApiError(error) && isUsernameTaken(error)) return { kind: 'taken', description };
        notify(errorToast(description ?? (() => errorTexts.updateCredentials)));
        return { kind: 'failed' };
      }
      updated.current = credentials;
    }
    if (setup.linkToken) {
      try {
        await completeSetup.mutateAsync({ data: { token: setup.linkToken } });
      } catch (error) {
        const description = isApiError(error) ? businessErrorDescription(error) : null;
        notify(description ? errorToast(description) : signInInternalError);
        return { kind: 'failed' };
      }
    }
    return { kind: 'saved', setup: { ...setup, password: null, saved: true, linkToken: null } };
  };

  /** Whether this screen saved the credentials with this username (its completion may have failed since). */
  const savedUsername = (username: string): boolean => updated.current?.startsWith(`${username}\n`) ?? false;

  return { checkUsername, saveCredentials, savedUsername };
}

/**
 * The phone that follows saved credentials (step 5), whose Back reopens the email's code screen
 * (step 4) as it was, the credentials saved.
 */
export function setupPhoneStep(setup: SetupProgress, emailCode: CodeEntryStep): Step {
  const code = emailCode.code.for === 'email' ? { ...emailCode.code, setup } : emailCode.code;
  return { name: 'phone-setup', purpose: 'setup', setup, back: { ...emailCode, code } };
}
