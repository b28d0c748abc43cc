// Installs dependencies when node_modules is missing or older than package-lock.json.
// Node built-ins only: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const stampFile = join(root, 'node_modules', '.portal-deps-stamp');

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(root, file)));
  hash.update(process.version);
  return hash.digest('hex');
}

/** Runs `npm ci` when needed; returns whether it installed. */
export function ensureDeps() {
  const wanted = fingerprint();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current === wanted && existsSync(join(root, 'node_modules', '.bin', 'vite'))) return false;
  console.log('Installing dependencies (npm ci): node_modules is missing or out of date...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, wanted);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureDeps();
