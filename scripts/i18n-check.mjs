// The message catalogue's drift check: `lingui extract` (and the pseudo-locale after it) would
// change nothing in src/locales, so every message of src/lib/messages is in every language's
// `.po` file and none is left over. The files are put back as they were either way; to update
// them, `npm run i18n:extract`. (That Spanish translates every message is a unit test's:
// src/lib/i18n/__tests__/catalogues.test.ts.)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const locales = join(root, 'src', 'locales');

function snapshot() {
  const files = new Map();
  for (const locale of readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(join(locales, locale.name)).filter((file) => file.endsWith('.po'))) {
      const path = join(locales, locale.name, name);
      files.set(path, readFileSync(path, 'utf8'));
    }
  }
  return files;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${[command, ...args].join(' ')} failed`);
  }
}

const before = snapshot();
let after;
try {
  run(join(root, 'node_modules', '.bin', 'lingui'), ['extract', '--clean']);
  run(process.execPath, ['scripts/i18n-pseudo.mjs']);
  after = snapshot();
} finally {
  for (const path of snapshot().keys()) if (!before.has(path)) rmSync(path);
  for (const [path, text] of before) writeFileSync(path, text);
}

const drifted = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
if (drifted.length > 0) {
  console.error(`The catalogues are not those of src/lib/messages; run npm run i18n:extract (and translate what is new):`);
  for (const path of drifted) console.error(`  ${path.slice(root.length + 1)}`);
  process.exit(1);
}
console.log(`catalogues: ${before.size} files match src/lib/messages`);
