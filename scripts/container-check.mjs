// The container image (Dockerfile), built from dist/ and run where a Docker engine answers: part
// of `npm test`, after the build. It runs the image with the development configuration in its
// environment and checks the page it serves, then once without the site key, which must stop the
// container with that setting named. Without a Docker engine it says so and passes: the image is
// then not built (scripts/__tests__/container.test.mjs still runs the image's nginx.conf and
// renderer with Debian's nginx).
//
//   node scripts/container-check.mjs
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './nginx.mjs';
import { configBlock, developmentConfig, environmentOf } from './portal-config.mjs';

const root = resolve(import.meta.dirname, '..');
const IMAGE = 'signin-portal:npm-test';

/** Runs docker with these arguments; its output, or throws with what it said. */
function docker(args, { allowFailure = false } = {}) {
  const result = spawnSync('docker', args, { cwd: root, encoding: 'utf8' });
  if (!allowFailure && result.status !== 0) throw new Error(`docker ${args[0]} failed (exit code ${result.status}):\n${result.stderr}`);
  return result;
}

const engine = spawnSync('docker', ['info'], { stdio: 'ignore' });
if (engine.error || engine.status !== 0) {
  console.log('container: skipped: no Docker engine here, so the image is not built');
  process.exit(0);
}
if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.error('container: dist/ has no build: run `npm run build` first');
  process.exit(1);
}

const config = developmentConfig({});
const environment = {
  ...environmentOf(config),
  GATEWAY_URL: 'http://127.0.0.1:9',
  DASHBOARD_URL: 'http://127.0.0.1:9',
  PORTAL_CSP_REPORT_URL: 'https://csp-reports.example.test/portal',
};
const asFlags = (variables) => Object.entries(variables).flatMap(([name, value]) => ['-e', `${name}=${value}`]);

let container = '';
try {
  console.log(`container: docker build -t ${IMAGE} .`);
  docker(['build', '-t', IMAGE, '.']);

  // Without a setting the container stops at once, naming it.
  const { PORTAL_CAPTCHA_SITE_KEY: _missing, ...incomplete } = environment;
  const refused = docker(['run', '--rm', ...asFlags(incomplete), IMAGE], { allowFailure: true });
  if (refused.status === 0 || !/PORTAL_CAPTCHA_SITE_KEY is not set/.test(refused.stderr)) {
    throw new Error(`the container started without PORTAL_CAPTCHA_SITE_KEY (exit code ${refused.status}):\n${refused.stderr}`);
  }

  const port = await freePort();
  container = docker(['run', '-d', '-p', `127.0.0.1:${port}:8080`, ...asFlags(environment), IMAGE]).stdout.trim();
  // Waits for nginx to listen; the bound is patience, not a measurement.
  let page;
  for (let attempt = 0; attempt < 120 && !page; attempt += 1) {
    page = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'br' } }).catch(() => undefined);
    if (!page) await new Promise((done) => setTimeout(done, 500));
  }
  if (!page)
    throw new Error(`the container did not answer on port ${port}:\n${docker(['logs', container], { allowFailure: true }).stderr}`);
  const html = await page.text();
  const problems = [];
  if (page.status !== 200) problems.push(`/ answered ${page.status}`);
  if (!html.includes(configBlock(config))) problems.push('the page does not carry the configuration from the environment');
  if (page.headers.get('content-encoding') !== 'br')
    problems.push(`the page is not brotli-compressed (${page.headers.get('content-encoding')})`);
  if (!page.headers.get('content-security-policy')?.includes(`report-uri ${environment.PORTAL_CSP_REPORT_URL}`)) {
    problems.push('the policy does not report to PORTAL_CSP_REPORT_URL');
  }
  if (page.headers.get('cache-control') !== 'no-store') problems.push(`the page is sent ${page.headers.get('cache-control')}`);
  if (problems.length) throw new Error(problems.join('; '));
  console.log(`container: ${IMAGE} built, served the page with its configuration, and refused to start without a setting`);
} catch (error) {
  console.error(`container: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (container) docker(['rm', '-f', container], { allowFailure: true });
}
