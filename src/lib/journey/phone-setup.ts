import { useNavigate } from 'react-router-dom';
import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useDeleteOptionChoice, useMarkPhoneVerified, useSaveOptionChoice, useSavePhone } from '../../../generated/hooks/profile/profile';
import { codeFailure, errorToast, TOASTS } from '../api/error-catalogue';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION, OPTION_SMS, PHONE_TYPE_MFA } from '../constants';
import { notify } from '../notifications';
import { signOut } from '../session';
import { setMfaAdoptionInProgress } from '../session-storage';
import { useStoredSession } from '../use-stored-session';
import { currentJourney } from './journey';
import { goToCodeEntry } from './journey-steps';

/*
 * The phone set-up of the spec's section 4 ("Phone setup or update"), which the sign-in journey
 * (/update-phone), account setup (its steps 5 to 7) and the profile share; each says only what
 * differs: where the code screen's Back returns, the setup step of the code, and the ending.
 */

/** How the code reaches the phone. */
export type PhoneCodeMethod = 'sms' | 'call';

/** A phone as the phone entry gives it: the national number and the country calling code. */
export interface PhoneNumber {
  readonly number: string;
  readonly countryCode: string;
}

export interface PhoneSetupOptions {
  /** The route that shows the phone entry: the code screen's Back returns there. */
  readonly route: string;
  /** Account setup's step number of the code entry; absent outside the setup. */
  readonly codeStep?: number | undefined;
  /** What follows once the phone is verified, multi-factor sign-in is on and adoption is over. */
  readonly onVerified: () => Promise<void>;
}

/** Both methods are offered for a phone: the code screen's link reads Back. */
const PHONE_METHOD_COUNT = 2;

/**
 * The sequence: save the phone (type 30, not verified, primary), choose text or voice call,
 * request a code, enter it on the code screen; the code verified, the phone is marked verified,
 * the option choices switch multi-factor sign-in on (9930 off by POST, 20 off by DELETE, 190 on
 * by POST), the adoption marker is cleared, and the caller's ending runs.
 */
export function usePhoneSetup({ route, codeStep, onVerified }: PhoneSetupOptions) {
  const { userId } = useStoredSession();
  const navigate = useNavigate();
  const save = useSavePhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkPhoneVerified();
  const saveOption = useSaveOptionChoice();
  const deleteOption = useDeleteOptionChoice();

  /** Saves the phone; false, with the catalogue's toast, when that fails. */
  const savePhone = async (phone: PhoneNumber): Promise<boolean> => {
    try {
      await save.mutateAsync({
        data: {
          type: PHONE_TYPE_MFA,
          number: phone.number,
          countryCode: phone.countryCode,
          extension: '',
          preferred: true,
          smsEnabled: true,
          verified: false,
        },
      });
      return true;
    } catch {
      notify(errorToast(TOASTS.updatePhone));
      return false;
    }
  };

  /** A refused code throws to the code screen; a later failure is 'Unable to verify phone'. */
  const finish = async (code: string, method: PhoneCodeMethod) => {
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
    await onVerified();
  };

  /** Requests a code by the chosen method and opens the code screen; a failed request stays here. */
  const sendCode = (phone: PhoneNumber, method: PhoneCodeMethod): Promise<boolean> =>
    goToCodeEntry(
      {
        mfaOption: { type: method, contactInfo: phone.number },
        mfaOptionCount: PHONE_METHOD_COUNT,
        backRoute: route,
        ...(codeStep === undefined ? {} : { setupStep: codeStep }),
        submit: (code) => finish(code, method),
        resend: async () => {
          await requestCode.mutateAsync({ userId, data: { type: method } });
        },
        onFailure: (error) => notify(codeFailure(error, errorToast(TOASTS.verifyPhone))),
      },
      navigate,
    );

  return { savePhone, sendCode };
}

/**
 * The phone entry's Back outside the profile (spec section 4): to the stored back route, else
 * (nowhere to go back to: the journey cannot go on without a phone) log out to the login page.
 */
export function phoneBack(navigate: (to: string) => void): void {
  const route = currentJourney().phoneBackRoute;
  if (route) navigate(route);
  else signOut('rejected');
}
