import { describe, expect, it } from 'vitest';
import developmentConfig from '../../../openapi/portal-config.development.json';
import { checkPortalConfig, readPortalConfig } from '../env';

/** A page whose configuration block holds `text` (no block at all for null). */
function pageWith(text: string | null): Document {
  const page = document.implementation.createHTMLDocument('portal');
  if (text !== null) {
    const block = page.createElement('script');
    block.id = 'portal-config';
    block.type = 'application/json';
    block.textContent = text;
    page.head.append(block);
  }
  return page;
}

describe('the page configuration', () => {
  it("reads the development configuration from the page's data block", () => {
    expect(readPortalConfig(pageWith(JSON.stringify(developmentConfig)))).toEqual({ ok: true, env: developmentConfig });
  });

  it('accepts a deployment with a path prefix and its own addresses', () => {
    const production = {
      ...developmentConfig,
      captchaSiteKey: '6Lc_production-site-key_0123456789abcdef',
      envPathPrefix: '/prod',
      idleSeconds: 900,
      surveyUrl: 'https://survey.example.com/portal?source=sign-in',
    };
    expect(checkPortalConfig(production)).toEqual({ ok: true, env: production });
  });

  it.each([
    ['no block', null],
    ['an empty block', ''],
    ['a block that is not JSON', '{"captchaSiteKey": '],
  ])('names the whole configuration when the page has %s', (_case, text) => {
    const reading = readPortalConfig(pageWith(text));
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems.map((problem) => problem.key)).toEqual(['']);
  });

  it.each([
    ['captchaSiteKey', { captchaSiteKey: undefined }],
    ['captchaSiteKey', { captchaSiteKey: 'a key with spaces and more than 20 characters' }],
    ['envPathPrefix', { envPathPrefix: 'https://evil.example' }],
    ['envPathPrefix', { envPathPrefix: '/prod/' }],
    ['idleSeconds', { idleSeconds: 0 }],
    ['idleSeconds', { idleSeconds: '1770' }],
    ['apiTimeoutMs', { apiTimeoutMs: -1 }],
    ['apiTimeoutMs', { apiTimeoutMs: 1.5e3 + 0.5 }],
    ['helpCenterUrl', { helpCenterUrl: 'javascript:alert(1)' }],
    ['partnersPageUrl', { partnersPageUrl: '//evil.example/partners' }],
    ['surveyUrl', { surveyUrl: 'http://survey.example.com' }],
    ['surveyUrl', { surveyUrl: 'https://survey.example.com/"><img src=x onerror=alert(1)>' }],
    ['secretKey', { secretKey: 'never here' }],
  ])('names %s when it is wrong: %j', (key, change) => {
    const reading = checkPortalConfig({ ...developmentConfig, ...change });
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems.map((problem) => problem.key)).toEqual([key]);
  });

  it('names every bad key at once, and refuses a configuration that is not an object', () => {
    const reading = checkPortalConfig({ ...developmentConfig, idleSeconds: 'soon', surveyUrl: 'ftp://x' });
    expect(!reading.ok && reading.problems.map((problem) => problem.key)).toEqual(['idleSeconds', 'surveyUrl']);
    for (const value of [null, [], 'config', 3]) {
      const notObject = checkPortalConfig(value);
      expect(!notObject.ok && notObject.problems.map((problem) => problem.key)).toEqual(['']);
    }
  });
});
