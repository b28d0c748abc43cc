// Drift check: regenerates generated/ in a temporary copy of the project and fails on any
// difference from the generated/ in this tree (a hand edit, or a contract change that was
// not regenerated). Run with --root DIR to check another tree.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { codegen } from './codegen.mjs';

// Everything the generators read: the contract, their configs, package.json and tsconfig
// (orval's output depends on both), gateway-client/ (orval parses the API client, which imports
// common/) and common/ (codegen asks the first screen's checker which keywords it knows). The
// kit's package (packages/verify-gateway: the contract reader codegen uses, the operation matcher
// the API client imports) is reached by its name through the linked node_modules, as the
// workspace links it.
const INPUTS = ['openapi', 'gateway-client', 'common', 'scripts', 'package.json', 'tsconfig.json', 'orval.config.ts', 'redocly.yaml'];

const rootFlag = process.argv.indexOf('--root');
const root = resolve(rootFlag >= 0 ? process.argv[rootFlag + 1] : '.');
const copy = mkdtempSync(join(tmpdir(), 'portal-codegen-check-'));
try {
  for (const input of INPUTS) cpSync(join(root, input), join(copy, input), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  codegen(copy);
  // A failure sets the exit code rather than exiting, so that the copy is removed below.
  const diff = existsSync(join(root, 'generated'))
    ? spawnSync('diff', ['-ru', join(root, 'generated'), join(copy, 'generated')], { encoding: 'utf8' })
    : undefined;
  if (!diff) {
    console.error('codegen:check: generated/ is missing: run `npm run codegen` and commit the result');
    process.exitCode = 1;
  } else if (diff.status !== 0) {
    const lines = (diff.stdout + diff.stderr).split('\n');
    console.error(lines.slice(0, 60).join('\n') + (lines.length > 60 ? `\n... ${lines.length - 60} more lines` : ''));
    console.error(
      '\ncodegen:check: generated/ differs from what openapi/ generates. Run `npm run codegen` and commit the result; never edit generated/ by hand.',
    );
    process.exitCode = 1;
  } else {
    console.log('codegen:check: generated/ matches openapi/');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
