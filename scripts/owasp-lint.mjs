// `npm run lint:owasp`: the gateway contract (the bundle gateway teams receive,
// generated/openapi.json) against the OWASP API Security ruleset, with Spectral and
// .spectral.yaml. No error may remain, and what remains below an error must be exactly what the
// README lists with its reasons (section "The OWASP API Security ruleset"): a new finding, or a
// listed one that went away, fails until the README says so.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
export const README_SECTION = '### The OWASP API Security ruleset';
const SEVERITIES = ['error', 'warning', 'information', 'hint'];

/** A finding's place as a JSON pointer into the bundle: `#/components/schemas/Address/properties/city`. */
export function locationOf(path) {
  return `#/${path.map((segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/**
 * The findings the README accepts, as `rule location` keys: each row of the section's table names
 * a rule in its first cell and the places in its second, each in backquotes.
 */
export function listedFindings(readme) {
  const start = readme.indexOf(`\n${README_SECTION}\n`);
  if (start < 0) throw new Error(`the README has no section "${README_SECTION}"`);
  const rest = readme.slice(start + README_SECTION.length + 2);
  const end = rest.search(/^#{1,3} /m);
  const listed = new Set();
  for (const line of (end < 0 ? rest : rest.slice(0, end)).split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !/^`owasp:/.test(cells[1] ?? '')) continue;
    const rule = cells[1].slice(1, -1);
    for (const [, location] of (cells[2] ?? '').matchAll(/`([^`]+)`/g)) listed.add(`${rule} ${location}`);
  }
  return listed;
}

/** What differs between the findings and the README's list. */
export function differences(found, listed) {
  return {
    unlisted: [...found].filter((key) => !listed.has(key)).sort(),
    gone: [...listed].filter((key) => !found.has(key)).sort(),
  };
}

function lint() {
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'spectral'),
    ['lint', 'generated/openapi.json', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(`Spectral did not run (exit code ${result.status}):\n${result.stdout}${result.stderr}`);
  }
}

function main() {
  const results = lint();
  const errors = results.filter((finding) => finding.severity === 0);
  for (const finding of errors) console.error(`  error  ${finding.code}  ${locationOf(finding.path)}  ${finding.message}`);
  const below = results.filter((finding) => finding.severity > 0);
  const found = new Set(below.map((finding) => `${finding.code} ${locationOf(finding.path)}`));
  const { unlisted, gone } = differences(found, listedFindings(readFileSync(join(root, 'README.md'), 'utf8')));
  for (const key of unlisted) console.error(`  not in the README: ${key}`);
  for (const key of gone) console.error(`  in the README, no longer found: ${key}`);
  const counts = SEVERITIES.slice(1)
    .map((name, index) => [name, below.filter((finding) => finding.severity === index + 1).length])
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${name}${count === 1 ? '' : 's'}`);
  if (errors.length || unlisted.length || gone.length) {
    console.error(
      `lint:owasp: ${errors.length} error${errors.length === 1 ? '' : 's'}` +
        (unlisted.length || gone.length ? `; the README's list (${README_SECTION.slice(4)}) differs from the findings` : ''),
    );
    return 1;
  }
  console.log(`lint:owasp: 0 errors, ${counts.join(', ') || 'nothing else'}, each listed in the README with its reason`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
