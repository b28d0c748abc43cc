import { useStep } from '../require-step';
import { PhoneSetup } from './phone-setup';

/**
 * `/update-phone` (after a sign-in without any method, or in multi-factor adoption) and
 * `/account-setup/phone` (account setup's steps 5 to 7): the phone set-up its step describes.
 */
export function PhoneSetupPage() {
  return <PhoneSetup step={useStep('phone-setup')} />;
}
