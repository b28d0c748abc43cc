// Fails when the JavaScript the sign-in route needs before its form is usable (the entry
// chunk and everything it imports statically, from Vite's manifest) exceeds the budget of the
// performance guide, measured as gzip -9.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 115_000;
const dist = resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) visit(child);
}
visit('index.html');

/** Libraries that load only with the screens that use them, and a string each always contains. */
const LAZY_LIBRARIES = {
  'libphonenumber-js': 'country_calling_codes',
  zod: '$ZodType',
  DOMPurify: 'SAFE_FOR_TEMPLATES',
  qrcode: 'No input text',
};

let total = 0;
const rows = [];
const initialSource = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const source = readFileSync(join(dist, file));
  initialSource.push(source.toString('utf8'));
  const bytes = gzipSync(source, { level: 9 }).length;
  total += bytes;
  rows.push(`  ${file}  ${(bytes / 1000).toFixed(1)} KB`);
}

const allSource = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(dist, 'assets', file), 'utf8'))
  .join('\n');
for (const [library, marker] of Object.entries(LAZY_LIBRARIES)) {
  // The marker must be in the build at all, or this check would prove nothing.
  if (!allSource.includes(marker)) {
    console.error(`size: ${library} no longer contains "${marker}"; update the marker in scripts/size-check.mjs`);
    process.exit(1);
  }
  if (initialSource.some((source) => source.includes(marker))) {
    console.error(`size: ${library} is part of the sign-in route's initial JavaScript; it must load lazily`);
    process.exit(1);
  }
}
console.log(`Initial JavaScript of the sign-in route (gzip -9):\n${rows.join('\n')}`);
const verdict = `${(total / 1000).toFixed(1)} KB of ${(BUDGET_BYTES / 1000).toFixed(0)} KB budget`;
if (total > BUDGET_BYTES) {
  console.error(`size: over budget: ${verdict}`);
  process.exit(1);
}
console.log(`size: ${verdict}; ${Object.keys(LAZY_LIBRARIES).join(', ')} load lazily`);
