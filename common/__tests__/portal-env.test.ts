import { describe, expect, it } from 'vitest';
import { readPortalEnv, TEST_DOUBLE_MODES } from '../portal-env';

// What development and tests build with (.env.development, .env.test): each case below then fails for its own reason.
const testDouble = { VITE_CAPTCHA_PROVIDER: 'test-double' };
const readEnv = (source: Record<string, string>, mode = 'test') => readPortalEnv(source, mode);

describe('readPortalEnv', () => {
  it('defaults to a 30 s deadline and no path prefix', () => {
    expect(readEnv(testDouble)).toMatchObject({
      captchaProvider: 'test-double',
      captchaSiteKey: '',
      envPathPrefix: '',
      apiTimeoutMs: 30_000,
      idleSeconds: 1770,
    });
  });

  it('uses the real captcha provider unless the test double is set explicitly', () => {
    expect(readEnv({ VITE_CAPTCHA_SITE_KEY: 'key' })).toMatchObject({ captchaProvider: 'recaptcha', captchaSiteKey: 'key' });
    expect(readEnv({ VITE_CAPTCHA_PROVIDER: '', VITE_CAPTCHA_SITE_KEY: 'key' })).toMatchObject({ captchaProvider: 'recaptcha' });
    expect(() => readEnv({})).toThrow(/VITE_CAPTCHA_SITE_KEY/);
  });

  it('reads the real captcha provider with its site key', () => {
    expect(readEnv({ VITE_CAPTCHA_PROVIDER: 'recaptcha', VITE_CAPTCHA_SITE_KEY: 'key', VITE_ENV_PATH_PREFIX: '/prod' })).toMatchObject({
      captchaProvider: 'recaptcha',
      captchaSiteKey: 'key',
      envPathPrefix: '/prod',
    });
  });

  it.each([
    [{ VITE_CAPTCHA_PROVIDER: 'other' }, /VITE_CAPTCHA_PROVIDER/],
    [{ VITE_CAPTCHA_PROVIDER: 'recaptcha' }, /VITE_CAPTCHA_SITE_KEY/],
    [{ ...testDouble, VITE_ENV_PATH_PREFIX: 'https://evil.example' }, /VITE_ENV_PATH_PREFIX/],
    [{ ...testDouble, VITE_API_TIMEOUT_MS: '-1' }, /VITE_API_TIMEOUT_MS/],
    [{ ...testDouble, VITE_IDLE_SECONDS: '0' }, /VITE_IDLE_SECONDS/],
    [{ ...testDouble, VITE_HELP_CENTER_URL: 'javascript:alert(1)' }, /VITE_HELP_CENTER_URL/],
    [{ ...testDouble, VITE_SURVEY_URL: 'http://survey.example.com' }, /VITE_SURVEY_URL/],
  ])('rejects %j', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });

  it.each(TEST_DOUBLE_MODES)('allows the captcha test double in mode %s', (mode) => {
    expect(readEnv(testDouble, mode).captchaProvider).toBe('test-double');
  });

  it.each(['production', 'staging'])('refuses the captcha test double in mode %s, site key or not', (mode) => {
    expect(() => readEnv({ ...testDouble, VITE_CAPTCHA_SITE_KEY: 'key' }, mode)).toThrow(/VITE_CAPTCHA_PROVIDER=test-double is refused/);
  });

  it('names the mode and where its site key goes when the site key is missing', () => {
    expect(() => readEnv({}, 'production')).toThrow(/Mode "production" .* \.env\.production\.local/);
  });
});
