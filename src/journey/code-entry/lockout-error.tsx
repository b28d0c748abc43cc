import { FormError } from '../../components/ui/form-error';
import { useSupportPhone } from '../../lib/public-content';
import { journeyTexts } from '../../lib/messages/journey';

/**
 * A lockout at the code step, under its form: the gateway's words and the customer-service
 * number to call, whichever way the user proved the sign-in (a one-time code or a recovery code).
 */
export function LockoutError({ description }: { readonly description: string }) {
  const supportPhone = useSupportPhone();
  return (
    <FormError>
      {description} {journeyTexts.callCustomerService({ supportPhone })}
    </FormError>
  );
}
