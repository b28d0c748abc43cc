// Fails when the JavaScript the sign-in route needs before its form is usable (the entry
// chunk and everything it imports statically, from Vite's manifest) exceeds the budget of the
// performance guide, measured as gzip -9.
import { readFileSync } from 'node:fs';
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

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += bytes;
  rows.push(`  ${file}  ${(bytes / 1000).toFixed(1)} KB`);
}
console.log(`Initial JavaScript of the sign-in route (gzip -9):\n${rows.join('\n')}`);
const verdict = `${(total / 1000).toFixed(1)} KB of ${(BUDGET_BYTES / 1000).toFixed(0)} KB budget`;
if (total > BUDGET_BYTES) {
  console.error(`size: over budget: ${verdict}`);
  process.exit(1);
}
console.log(`size: ${verdict}`);
