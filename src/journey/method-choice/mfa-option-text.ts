import type { MfaType } from '../../../generated/models/mfaType';
import { maskEmail, maskPhone } from '../../lib/format';
import { journeyTexts } from '../../lib/messages/journey';

/** A method and where its code goes (a phone, an email, or an app's name). */
interface MethodContact {
  readonly type: MfaType;
  readonly contactInfo?: string | null | undefined;
}

type MethodTexts = Readonly<Record<MfaType, (where: { readonly phone: string; readonly email: string; readonly app: string }) => string>>;

const LABELS: MethodTexts = {
  sms: journeyTexts.methodSms,
  call: journeyTexts.methodCall,
  email: journeyTexts.methodEmail,
  totp: journeyTexts.methodTotp,
};
const SENT: MethodTexts = {
  sms: journeyTexts.sentSms,
  call: journeyTexts.sentCall,
  email: journeyTexts.sentEmail,
  totp: journeyTexts.sentTotp,
};

function methodText(texts: MethodTexts, { type, contactInfo }: MethodContact): string {
  const contact = contactInfo ?? '';
  return texts[type]({ phone: maskPhone(contact), email: maskEmail(contact), app: contact || journeyTexts.defaultAppName });
}

export const mfaOptionLabel = (option: MethodContact) => methodText(LABELS, option);
export const codeSentText = (option: MethodContact) => methodText(SENT, option);
