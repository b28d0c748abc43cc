import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../gateway-client/api-error';
import { activateLocale } from '../../i18n/locale';
import { deviceName } from '../device-name';
import { passkeyManageMessage, passkeySignInMessage, recoveryCodeMessage } from '../failures';

afterEach(async () => {
  await activateLocale('en');
});

const refused = (code: string) =>
  new ApiError({ kind: 'business', method: 'POST', path: '/x', status: 200, errors: [{ code, description: code }] });
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe("the passkeys' words", () => {
  it("name a new passkey after the browser and the system, in the page's language", async () => {
    expect(deviceName(CHROME_ON_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceName('curl/8.0')).toBe('This device');
    await activateLocale('es');
    expect(deviceName(CHROME_ON_WINDOWS)).toBe('Chrome en Windows');
    expect(deviceName('curl/8.0')).toBe('Este dispositivo');
  });

  it("say a refusal's code in the language of the moment, not the one the table was made in", async () => {
    expect(passkeySignInMessage(refused('PKERR01'))).toBe('The passkey request expired. Please try again.');
    await activateLocale('es');
    for (const message of [
      passkeySignInMessage(refused('PKERR01')),
      passkeyManageMessage(refused('PKERR06')),
      recoveryCodeMessage(refused('RCERR02')),
    ]) {
      expect(message).not.toBeNull();
      expect(message).not.toMatch(/passkey|code/i);
    }
    expect(passkeySignInMessage(refused('XYZ'))).toBeNull();
  });
});
