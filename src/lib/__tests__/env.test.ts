import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';

describe('readEnv', () => {
  it('defaults to the captcha test double and a 30 s deadline', () => {
    expect(readEnv({})).toMatchObject({ captchaProvider: 'test-double', captchaSiteKey: '', envPathPrefix: '', apiTimeoutMs: 30_000, idleSeconds: 1770 });
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
    [{ VITE_ENV_PATH_PREFIX: 'https://evil.example' }, /VITE_ENV_PATH_PREFIX/],
    [{ VITE_API_TIMEOUT_MS: '-1' }, /VITE_API_TIMEOUT_MS/],
    [{ VITE_IDLE_SECONDS: '0' }, /VITE_IDLE_SECONDS/],
    [{ VITE_HELP_CENTER_URL: 'javascript:alert(1)' }, /VITE_HELP_CENTER_URL/],
    [{ VITE_SURVEY_URL: 'http://survey.example.com' }, /VITE_SURVEY_URL/],
  ])('rejects %j', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});
