// @vitest-environment node
// A production build is `vite build` with no settings: it uses the real captcha provider, so it
// refuses to build without the site key, and with only the site key it holds none of the test
// double. The builds run through Vite's API with this project's config, as the CLI would.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'portal-production-build-'));
const outDir = join(scratch, 'dist');
const envDir = join(scratch, 'env');

beforeAll(() => {
  // Only the committed .env files: a developer's .env*.local (gitignored, and where the error
  // message says to put a site key) must not change what a clean checkout builds.
  mkdirSync(envDir);
  for (const file of readdirSync(root)) {
    if (/^\.env(\.[\w-]+)?$/.test(file) && !file.endsWith('.local')) copyFileSync(join(root, file), join(envDir, file));
  }
});

beforeEach(() => {
  // No settings: none of the VITE_ variables this process has (Vitest copies its own mode's,
  // such as .env.test's VITE_CAPTCHA_PROVIDER, into it), and the NODE_ENV the CLI's build uses.
  for (const name of Object.keys(process.env)) if (name.startsWith('VITE_')) vi.stubEnv(name, undefined);
  vi.stubEnv('NODE_ENV', 'production');
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(scratch, { recursive: true, force: true });
});

/** `vite build` (mode production) into the scratch folder, quietly; rejects when the build fails. */
function productionBuild() {
  return build({
    configFile: join(root, 'vite.config.ts'),
    mode: 'production',
    envDir,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
}

describe('production build (vite build with no settings)', () => {
  it('refuses to build without the reCAPTCHA site key and says what to set', async () => {
    await expect(productionBuild()).rejects.toThrow(/needs its site key: set VITE_CAPTCHA_SITE_KEY/);
  });

  it('refuses the captcha test double', async () => {
    vi.stubEnv('VITE_CAPTCHA_PROVIDER', 'test-double');
    vi.stubEnv('VITE_CAPTCHA_SITE_KEY', 'site-key-for-test');
    await expect(productionBuild()).rejects.toThrow(/VITE_CAPTCHA_PROVIDER=test-double is refused in mode "production"/);
  });

  // Slow on a busy machine (a whole build); the generous limit is not a timing assertion.
  it('with only a site key uses reCAPTCHA and holds no test double', async () => {
    vi.stubEnv('VITE_CAPTCHA_SITE_KEY', 'site-key-for-test');
    await productionBuild();
    const assets = readdirSync(join(outDir, 'assets'));
    expect(assets.filter((file) => /captcha-test-double/.test(file))).toEqual([]);
    const source = assets
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n');
    expect(source).toContain('https://www.google.com/recaptcha/api.js');
    expect(source).toContain('site-key-for-test');
    expect(source).not.toContain('Test captcha');
    expect(source).not.toContain('test-captcha-token');
  }, 180_000);
});
