import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useDeleteOptionChoice, useMarkPhoneVerified, useSaveOptionChoice, useSavePhone } from '../../../generated/hooks/profile/profile';
import { errorToast } from '../../lib/api/error-catalogue';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION, OPTION_SMS, PHONE_TYPE_MFA } from '../../lib/constants';
import { notify } from '../../lib/notifications';
import { setMfaAdoptionInProgress } from '../../lib/session-writes';
import { useOnce } from '../../lib/use-single-flight';
import { useStoredSession } from '../../lib/use-stored-session';
import type { PhoneCodeMethod, PhoneNumber } from '../journey';
import { errorTexts } from '../../lib/messages/errors';

/**
 * The phone set-up of the spec's section 4 ("Phone setup or update"), the one copy that the
 * sign-in journey (/update-phone), account setup (its steps 5 to 7) and the profile share: save
 * the phone (type 30, not verified, primary), request a code by text or voice call; once the
 * code is verified, mark the phone verified and switch multi-factor sign-in on (9930 off by
 * POST, 20 off by DELETE, 190 on by POST), and end any adoption. Each call failing shows the
 * catalogue's toast; what follows is the caller's (journey.ts's phone purposes).
 */
export function usePhoneSetup() {
  const { userId } = useStoredSession();
  const save = useSavePhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkPhoneVerified();
  const saveOption = useSaveOptionChoice();
  const deleteOption = useDeleteOptionChoice();
  /** What the code screen got through (this hook lives as long as the screen). */
  const once = useOnce();

  return {
    /** Saves the phone; false, with 'Unable to update phone', when that fails. */
    savePhone: async (phone: PhoneNumber): Promise<boolean> => {
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
        notify(errorToast(() => errorTexts.updatePhone));
        return false;
      }
    },
    sendCode: async (method: PhoneCodeMethod): Promise<void> => {
      await requestCode.mutateAsync({ userId, data: { type: method } });
    },
    /**
     * Verifies the code (a refusal rejects, for the code screen to show), then marks the phone
     * verified and switches multi-factor sign-in on: true once all is done, false with 'Unable
     * to verify phone' when a call after the code fails. Another try sends neither the code (it
     * is good once) nor the phone's verification again once they went through.
     */
    verifyCode: async (code: string, method: PhoneCodeMethod): Promise<boolean> => {
      await once('code', () => verifyCode.mutateAsync({ data: { code, type: method } }));
      try {
        await once('marked', () => markVerified.mutateAsync({ data: { type: PHONE_TYPE_MFA } }));
        await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ADOPTION, active: false } });
        await deleteOption.mutateAsync({ data: { optionType: OPTION_SMS, active: false } });
        await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ACTIVE, active: true } });
      } catch {
        notify(errorToast(() => errorTexts.verifyPhone));
        return false;
      }
      setMfaAdoptionInProgress(false);
      return true;
    },
  };
}
