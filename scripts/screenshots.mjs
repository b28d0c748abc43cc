// `npm run screenshots`: a full-page screenshot of every route at 375 and 1280 px, written to
// screenshots/ (git-ignored) for review by eye. No test compares them: pixels change with every
// font update. Builds first when dist/ is missing or older than the sources; then Playwright (playwright.screenshots.config.ts) starts the mock
// and the production server (nginx with deploy/nginx/) on the usual ports (MOCK_PORT, PRISM_PORT,
// NGINX_PORT move them) and opens each route the way the end-to-end check of every route does
// (tests/support/routes.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const manifest = join(root, 'dist', '.vite', 'manifest.json');
const SCREENSHOT_DIR = join(root, 'screenshots');

/** The newest modification time of a file or of any file under a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Whether dist/ is a build of the current sources. */
function buildIsCurrent() {
  if (!existsSync(manifest)) return false;
  const sources = ['src', 'generated', 'openapi/portal-config.schema.json', 'vite.config.ts', 'package-lock.json'].map((path) =>
    newest(join(root, path)),
  );
  return Math.max(...sources) <= statSync(manifest).mtimeMs;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (buildIsCurrent()) {
  console.log('screenshots: dist/ is a current build');
} else {
  console.log('screenshots: building (vite build)...');
  run(bin('vite'), ['build', '--logLevel', 'warn']);
}
rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
run(bin('playwright'), ['test', '--config', 'playwright.screenshots.config.ts']);
const written = readdirSync(SCREENSHOT_DIR).filter((name) => name.endsWith('.png'));
console.log(`screenshots: ${written.length} PNG files in ${SCREENSHOT_DIR}`);
