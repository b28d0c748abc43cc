// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const TREE = [
  'openapi',
  'gateway-client',
  'common',
  'scripts',
  'generated',
  'package.json',
  'tsconfig.json',
  'orval.config.ts',
  'redocly.yaml',
];
let copy;

/** Runs the check on the copy, with a temporary directory of its own (whose leftovers a test reads). */
function check() {
  const scratch = join(copy, 'scratch');
  mkdirSync(scratch);
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'codegen-check.mjs'), '--root', copy], {
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: scratch },
  });
  return { ...result, leftovers: readdirSync(scratch) };
}

beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), 'portal-drift-test-'));
  for (const entry of TREE) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterEach(() => rmSync(copy, { recursive: true, force: true }));

// That it passes on a tree whose generated/ matches: `npm test` runs it on this one (its stage
// "drift check"), which took a third of this file's time here as well.
describe('codegen:check', () => {
  it('fails when the contract changes without regeneration (a maxLength)', () => {
    const file = join(copy, 'openapi', 'schemas', 'common.yaml');
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('maxLength: 64');
    writeFileSync(file, source.replace('maxLength: 64', 'maxLength: 65'));
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('generated/ differs');
    // The copy it regenerated into is gone, failure or not.
    expect(result.leftovers).toEqual([]);
  }, 180_000);

  it('fails when a generated file is edited by hand (a line deleted)', () => {
    const file = join(copy, 'generated', 'hooks', 'sign-in', 'sign-in.ts');
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes("method: 'POST'"));
    expect(index).toBeGreaterThan(0);
    lines.splice(index, 1);
    writeFileSync(file, lines.join('\n'));
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("method: 'POST'");
  }, 180_000);
});
