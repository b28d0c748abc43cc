// @vitest-environment node
// The kit as a gateway team gets it: `npm pack` (whose prepack puts the contract into the
// package), the tarball installed into an empty folder, and `npx verify-gateway --all` run from
// there against the project's mock. Nothing of the portal's toolchain comes with it, and the
// report names the contract packed with it. The install takes its packages from the npm cache
// the repository's own install filled (--prefer-offline), or from the registry.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../../scripts/mock.mjs';
import { freePort } from '../../../scripts/nginx.mjs';

const packageRoot = join(import.meta.dirname, '..');
const bundle = JSON.parse(readFileSync(join(packageRoot, '..', '..', 'generated', 'openapi.json'), 'utf8'));
const PORTAL_TOOLS = ['react', 'react-dom', 'vite', '@playwright/test', 'playwright', 'lighthouse'];

/** Runs a command to its end; resolves to its exit code and output. */
function run(command, args, cwd) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

let work;
let mock;
let base;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'verify-gateway-pack-'));
  const port = await freePort();
  mock = await startMock({ port, prismPort: await freePort() });
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(async () => {
  await mock?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed kit', () => {
  // The figures it prints (each step's time) are measured, not asserted: the machine's load decides them.
  it('installs from its tarball into an empty folder without the portal’s tools, and passes the mock with npx', async () => {
    const started = Date.now();
    const lap = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

    const pack = await run('npm', ['pack', '--json', '--pack-destination', work], packageRoot);
    expect(pack.code, pack.stderr).toBe(0);
    const [{ filename, files }] = JSON.parse(pack.stdout);
    const packed = files.map((file) => file.path);
    expect(packed).toEqual(expect.arrayContaining(['bin/verify-gateway.mjs', 'contract/openapi.json', 'src/cli.mjs', 'README.md']));
    expect(packed.filter((path) => /^(test|scripts)\//.test(path))).toEqual([]);
    // postpack took the copy out of the workspace again: the workspace's kit reads generated/.
    expect(existsSync(join(packageRoot, 'contract'))).toBe(false);
    const packedAt = lap();

    const folder = join(work, 'gateway-team');
    mkdirSync(folder);
    const init = await run('npm', ['init', '-y'], folder);
    expect(init.code, init.stderr).toBe(0);
    const install = await run('npm', ['install', join(work, filename), '--prefer-offline', '--no-audit', '--no-fund'], folder);
    expect(install.code, install.stderr).toBe(0);
    const installed = join(folder, 'node_modules', '@signin-portal', 'verify-gateway');
    expect(existsSync(join(installed, 'package.json'))).toBe(true);
    expect(PORTAL_TOOLS.filter((name) => existsSync(join(folder, 'node_modules', name)))).toEqual([]);
    const installedAt = lap();

    // --no: npx runs the installed kit or fails; it never fetches a package of that name.
    const kit = await run(
      'npx',
      [
        '--no',
        'verify-gateway',
        base,
        '--user',
        'mfa',
        '--password',
        'Secret#123',
        '--all',
        '--code-hook',
        '/__mock/last-code',
        '--json',
        'report.json',
      ],
      folder,
    );
    expect(kit.stdout.split('\n')[0], `${kit.stdout}\n${kit.stderr}`).toMatch(/^verify-gateway: PASSED: /);
    expect(kit.code).toBe(0);
    const report = JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8'));
    expect(report.contract).toEqual({ file: join(installed, 'contract', 'openapi.json'), version: bundle.info.version });
    expect(report.sequences.map((sequence) => `${sequence.name} ${sequence.result}`)).toEqual(
      ['sign-in', 'phone-change', 'authenticator', 'passkey', 'recovery-codes'].map((name) => `${name} passed`),
    );

    console.log(`packed in ${packedAt}, installed at ${installedAt}, checked the mock with --all at ${lap()}`);
  }, 300_000);
});
