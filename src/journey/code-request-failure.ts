import { errorToast, waitMessage } from '../lib/api/error-catalogue';
import { notify, type NotificationInput } from '../lib/notifications';
import { errorTexts } from '../lib/messages/errors';

/**
 * A one-time code that could not be sent: a 429's wait, otherwise 'Unable to request token'.
 * Here rather than in the catalogue, whose texts it uses, so that it loads with the code screens
 * and not with the first screen.
 */
export function codeRequestFailure(error: unknown): NotificationInput {
  return errorToast(() => waitMessage(error) ?? errorTexts.requestToken);
}

/** Sends a one-time code: false, once the user is told why ({@link codeRequestFailure}), when it could not be sent. */
export async function codeSent(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    notify(codeRequestFailure(error));
    return false;
  }
}
