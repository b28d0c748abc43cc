// @vitest-environment node
// A production build (the real captcha provider) holds none of the test double, and a build
// for the real provider without its site key fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'portal-production-build-'));

function build(env) {
  return spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('production build', () => {
  it('with the real captcha provider holds no test double', () => {
    const result = build({ VITE_CAPTCHA_PROVIDER: 'recaptcha', VITE_CAPTCHA_SITE_KEY: 'site-key-for-test' });
    expect(result.status, result.stderr).toBe(0);
    const source = readdirSync(join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n');
    expect(source).toContain('https://www.google.com/recaptcha/api.js');
    expect(source).toContain('site-key-for-test');
    expect(source).not.toContain('Test captcha');
    expect(source).not.toContain('test-captcha-token');
  }, 60_000);

  it('refuses the real captcha provider without a site key', () => {
    const result = build({ VITE_CAPTCHA_PROVIDER: 'recaptcha', VITE_CAPTCHA_SITE_KEY: '' });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain('VITE_CAPTCHA_PROVIDER=recaptcha needs VITE_CAPTCHA_SITE_KEY');
  }, 60_000);
});
