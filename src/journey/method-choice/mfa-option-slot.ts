import type { MfaType } from '../../../generated/models/mfaType';
import { verifyTotpRegistrationBodyAuthAppNameMax } from '../../../generated/zod/totp/totp.zod';
import { sessionSlot } from '../../lib/session-storage';

/** The one-time-code method the user chose (the spec's `mfaOptionType`: JSON with type and authAppName). */
export interface StoredMfaOption {
  readonly type: MfaType;
  readonly authAppName?: string;
}

const MFA_TYPES: readonly string[] = ['sms', 'call', 'email', 'totp'] satisfies MfaType[];

function parseMfaOption(raw: string): StoredMfaOption | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value !== 'object' ||
      value === null ||
      !('type' in value) ||
      typeof value.type !== 'string' ||
      !MFA_TYPES.includes(value.type)
    ) {
      return null;
    }
    const type = value.type as MfaType;
    const name =
      'authAppName' in value && typeof value.authAppName === 'string'
        ? value.authAppName.slice(0, verifyTotpRegistrationBodyAuthAppNameMax)
        : undefined;
    return name === undefined ? { type } : { type, authAppName: name };
  } catch {
    return null;
  }
}

/** Written once a code is on its way, for the site's other applications. */
export const mfaOptionTypeSlot = sessionSlot<StoredMfaOption>('mfaOptionType', parseMfaOption, JSON.stringify);
