// @vitest-environment node
// One build serves every environment: `vite build` needs no setting, and whatever the build's
// environment holds, nothing of a deployment gets into it. The page carries an empty
// configuration block for the server to fill (deploy/nginx/), and the script loads only Google's
// reCAPTCHA: no test double, no stand-in, no test key. The build runs through Vite's API with
// this project's config, as the CLI would.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_BLOCK, DEVELOPMENT_CONFIG } from '../portal-config.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'portal-production-build-'));
const outDir = join(scratch, 'dist');

/** Settings a build must not take in: a deployment's variables, and the build-time ones of old. */
const STRAY = {
  PORTAL_CAPTCHA_SITE_KEY: 'stray-portal-site-key-0123456789',
  PORTAL_ENV_PATH_PREFIX: '/stray-prefix',
  VITE_CAPTCHA_SITE_KEY: 'stray-vite-site-key-0123456789',
  VITE_CAPTCHA_PROVIDER: 'test-double',
  VITE_ENV_PATH_PREFIX: '/stray-vite-prefix',
};

let html = '';
let scripts = '';

beforeAll(async () => {
  for (const [name, value] of Object.entries(STRAY)) vi.stubEnv(name, value);
  vi.stubEnv('NODE_ENV', 'production');
  try {
    await build({ configFile: join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    vi.unstubAllEnvs();
  }
  html = readFileSync(join(outDir, 'index.html'), 'utf8');
  scripts = readdirSync(join(outDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
    .join('\n');
  // Slow on a busy machine (a whole build); the generous limit is not a timing assertion.
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('production build (vite build, whatever the environment holds)', () => {
  it('leaves the configuration to the server: one empty block in the page, no deployment value anywhere', () => {
    expect(html.split(CONFIG_BLOCK)).toHaveLength(2);
    for (const value of [...Object.values(STRAY), DEVELOPMENT_CONFIG.captchaSiteKey, DEVELOPMENT_CONFIG.surveyUrl]) {
      expect(html, value).not.toContain(value);
      expect(scripts, value).not.toContain(value);
    }
  });

  it("loads Google's reCAPTCHA and holds no test double or stand-in", () => {
    expect(scripts).toContain('https://www.google.com/recaptcha/api.js');
    expect(readdirSync(join(outDir, 'assets')).filter((file) => /captcha-test-double|recaptcha-stub/.test(file))).toEqual([]);
    for (const marker of ["I'm not a robot", 'Test captcha', 'test-captcha-token', 'data-sitekey'])
      expect(scripts, marker).not.toContain(marker);
  });

  it("gives the page's checker the schema's rules without its descriptions", () => {
    expect(scripts).toContain('^[A-Za-z0-9_-]{20,100}$');
    expect(scripts).not.toContain('x-env');
    expect(scripts).not.toContain('The Google reCAPTCHA v2 site key');
  });
});
