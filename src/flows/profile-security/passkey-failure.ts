import { isApiError } from '../../../gateway-client/api-error';
import { ceremonyFailureOf } from '../../lib/passkeys/ceremony';
import { ceremonyMessage, passkeyManageMessage } from '../../lib/passkeys/failures';
import { passkeyTexts } from '../../lib/messages/passkeys';

/**
 * What a failed registration, rename or removal tells the user: the gateway's PKERR code's
 * message, the browser's ceremony's (nothing when a newer ceremony took over), or, for anything
 * else (a 5xx, the network, an answer that breaks the contract), that something went wrong and
 * trying again may help.
 */
export function passkeyFailureMessage(error: unknown): string | null {
  if (isApiError(error)) return passkeyManageMessage(error) ?? passkeyTexts.failed;
  const ceremony = ceremonyFailureOf(error);
  return ceremony === null ? passkeyTexts.failed : ceremonyMessage(ceremony, 'registration');
}
