import { useRequestUserMfaCode, useVerifyMfaCode } from '../../../generated/hooks/mfa/mfa';
import { useDeleteOptionChoice, useMarkPhoneVerified, useSaveOptionChoice, useSavePhone } from '../../../generated/hooks/profile/profile';
import type { PhoneValue } from '../../components/phone-entry/phone-rules';
import { OPTION_MFA_ACTIVE, OPTION_MFA_ADOPTION, OPTION_SMS, PHONE_TYPE_MFA } from '../../lib/constants';
import { setMfaAdoptionInProgress } from '../../lib/session-storage';
import { useStoredSession } from '../../lib/use-stored-session';

/** The phone's method of delivery. */
export type PhoneMethod = 'sms' | 'call';

/**
 * The phone set-up sequence (spec section 4, "Phone setup or update"), without its ending:
 * save the phone (type 30, not verified, primary), send a code by text or voice call, verify it,
 * mark the phone verified, then the option choices (9930 off, 20 removed, 190 on) and the end of
 * any adoption. Kept apart from the screen so it can move to the shared phone set-up module.
 * Each step throws the call's ApiError; the caller maps it to the catalogue's toast.
 */
export function useProfilePhoneSteps() {
  const { userId } = useStoredSession();
  const savePhone = useSavePhone();
  const requestCode = useRequestUserMfaCode();
  const verifyCode = useVerifyMfaCode();
  const markVerified = useMarkPhoneVerified();
  const saveOption = useSaveOptionChoice();
  const deleteOption = useDeleteOptionChoice();

  return {
    save: async (phone: PhoneValue) => {
      await savePhone.mutateAsync({
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
    },
    sendCode: async (method: PhoneMethod) => {
      await requestCode.mutateAsync({ userId, data: { type: method } });
    },
    verifyCode: async (code: string, method: PhoneMethod) => {
      await verifyCode.mutateAsync({ data: { code, type: method } });
    },
    /** After a verified code: the phone marked verified and multi-factor sign-in switched on. */
    markVerified: async () => {
      await markVerified.mutateAsync({ data: { type: PHONE_TYPE_MFA } });
      await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ADOPTION, active: false } });
      await deleteOption.mutateAsync({ data: { optionType: OPTION_SMS, active: false } });
      await saveOption.mutateAsync({ data: { optionType: OPTION_MFA_ACTIVE, active: true } });
      setMfaAdoptionInProgress(false);
    },
  };
}
