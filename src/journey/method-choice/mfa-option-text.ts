import type { MfaType } from '../../../generated/models/mfaType';
import { AUTH_APP_NAME_DEFAULT } from '../../lib/constants';
import { maskEmail, maskPhone } from '../../lib/format';
import { journeyTexts } from '../../lib/messages/journey';

/** A method and where its code goes (a phone, an email, or an app's name). */
interface MethodContact {
  readonly type: MfaType;
  readonly contactInfo?: string | null | undefined;
}

export function mfaOptionLabel(option: MethodContact): string {
  const contact = option.contactInfo ?? '';
  switch (option.type) {
    case 'sms':
      return journeyTexts.methodSms({ phone: maskPhone(contact) });
    case 'call':
      return journeyTexts.methodCall({ phone: maskPhone(contact) });
    case 'email':
      return journeyTexts.methodEmail({ email: maskEmail(contact) });
    case 'totp':
      return journeyTexts.methodTotp({ app: contact || AUTH_APP_NAME_DEFAULT });
  }
}

export function codeSentText(option: MethodContact): string {
  const contact = option.contactInfo ?? '';
  switch (option.type) {
    case 'sms':
      return journeyTexts.sentSms({ phone: maskPhone(contact) });
    case 'call':
      return journeyTexts.sentCall({ phone: maskPhone(contact) });
    case 'email':
      return journeyTexts.sentEmail({ email: maskEmail(contact) });
    case 'totp':
      return journeyTexts.sentTotp({ app: contact || AUTH_APP_NAME_DEFAULT });
  }
}
