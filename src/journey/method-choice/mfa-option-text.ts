import type { MfaType } from '../../../generated/models/mfaType';
import { AUTH_APP_NAME_DEFAULT } from '../../lib/constants';
import { maskEmail, maskPhone } from '../../lib/format';

/** A method and where its code goes (a phone, an email, or an app's name). */
interface MethodContact {
  readonly type: MfaType;
  readonly contactInfo?: string | null | undefined;
}

/** A one-time-code method as the user chooses it, with its contact masked. */
export function mfaOptionLabel(option: MethodContact): string {
  const contact = option.contactInfo ?? '';
  switch (option.type) {
    case 'sms':
      return `Text message to ${maskPhone(contact)}`;
    case 'call':
      return `Voice call to ${maskPhone(contact)}`;
    case 'email':
      return `Email to ${maskEmail(contact)}`;
    case 'totp':
      return `Authenticator app: ${contact || AUTH_APP_NAME_DEFAULT}`;
  }
}

/** Where the code went, for the code-entry screen. */
export function codeSentText(option: MethodContact): string {
  const contact = option.contactInfo ?? '';
  switch (option.type) {
    case 'sms':
      return `We sent a code by text message to ${maskPhone(contact)}.`;
    case 'call':
      return `We are calling ${maskPhone(contact)} with your code.`;
    case 'email':
      return `We sent a code to ${maskEmail(contact)}.`;
    case 'totp':
      return `Enter the code shown in your authenticator app (${contact || AUTH_APP_NAME_DEFAULT}).`;
  }
}
