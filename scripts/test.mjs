// `npm test`: every check, stopping at the first failure, then a summary with each runner's
// closing count and time. The checks of the sources (formatting, lint, the contract, types), each
// one process on one core, run side by side, as many at once as the machine has cores; their
// output is printed as each ends. The runners after them use every core themselves, so they run
// one after another, their output as it comes.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureSystemPackages } from './ensure-system.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const stages = [
  // The checks of the sources, longest first (2026-12-01, 2 cores: eslint 21 s, prettier 14 s,
  // tsc 13 s, the rest 6 s or less), so that two at a time end together.
  { name: 'eslint', sources: true, command: bin('eslint'), args: ['.', '--max-warnings', '0'], count: () => '0 problems' },
  { name: 'prettier', sources: true, command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'], count: () => 'formatted' },
  { name: 'tsc', sources: true, command: bin('tsc'), args: ['-p', '.'], count: () => '0 errors' },
  // Redocly exits 0 on warnings; the contract must have none.
  {
    name: 'redocly lint',
    sources: true,
    command: bin('redocly'),
    args: ['lint', 'openapi/openapi.yaml'],
    failOn: /You have \d+ warnings?/,
    count: () => '0 errors, 0 warnings',
  },
  // The OWASP API Security ruleset (Spectral): no error, and only the warnings the README lists.
  {
    name: 'owasp lint',
    sources: true,
    command: process.execPath,
    args: ['scripts/owasp-lint.mjs'],
    count: (out) => lastMatch(out, /lint:owasp: 0 errors, ([^,\n]*)/g),
  },
  {
    name: 'drift check',
    sources: true,
    command: process.execPath,
    args: ['scripts/codegen-check.mjs'],
    count: () => 'generated/ matches openapi/',
  },
  // The contract against the previous commit (CONTRACT_BASE_REF to choose another base, e.g. the
  // merge base of a branch): a breaking change needs a major bump of info.version. A clone
  // without that commit (shallow, or a first commit) skips with a message.
  {
    name: 'contract diff',
    sources: true,
    command: process.execPath,
    args: ['scripts/contract-diff.mjs', process.env.CONTRACT_BASE_REF || 'HEAD~1'],
    count: (out) => lastMatch(out, /contract:diff: ((?:skipped: )?[^\n]*)$/gm),
  },
  // Alone: it rewrites src/locales for a moment (and puts the files back), which the drift
  // check's copy of src/ would catch half-written.
  { name: 'catalogues', command: process.execPath, args: ['scripts/i18n-check.mjs'], count: (out) => lastMatch(out, /catalogues: (.*)/g) },
  { name: 'vitest', command: bin('vitest'), args: ['run'], count: (out) => lastMatch(out, /Tests\s+(.*\(\d+\))/g) },
  // The production build, the one every environment gets: the size check and the end-to-end run
  // serve it with a configuration of their own, as a deployment's server does.
  { name: 'build', command: bin('vite'), args: ['build', '--logLevel', 'warn'], count: () => 'built' },
  // The container image of that build, where a Docker engine runs (skipped, and said, elsewhere).
  {
    name: 'container',
    command: process.execPath,
    args: ['scripts/container-check.mjs'],
    count: (out) => lastMatch(out, /container: (.*)/g),
  },
  { name: 'size', command: process.execPath, args: ['scripts/size-check.mjs'], count: (out) => lastMatch(out, /size: (.*)/g) },
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test'],
    count: (out) => lastMatch(out, /^\s*(\d+ (?:passed|failed|flaky|skipped).*)$/gm, true),
  },
];

function lastMatch(text, pattern, all = false) {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  const matches = [...plain.matchAll(pattern)].map((match) => match[1].trim());
  return all ? matches.join(', ') || undefined : matches.at(-1);
}

/** Runs a stage; its output goes to the terminal as it comes, or, `buffered`, only into the result. */
function run(stage, { buffered = false } = {}) {
  return new Promise((done) => {
    const child = spawn(stage.command, stage.args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const tee = (stream) => (chunk) => {
      output = (output + chunk.toString()).slice(-200_000);
      if (!buffered) stream.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

// Chromium and nginx (with its brotli modules) for the size check and the end-to-end tests:
// installed here when running as root, else the exact command.
if (!ensureSystemPackages()) process.exit(1);

const summary = [];
const started = Date.now();

/** Runs a stage and notes its line in the summary; false when it failed. */
async function runStage(stage, { buffered = false } = {}) {
  if (!buffered) console.log(`\n=== ${stage.name} ===`);
  const begin = Date.now();
  const result = await run(stage, { buffered });
  const output = result.output;
  if (buffered) process.stdout.write(`\n=== ${stage.name} ===\n${output}`);
  const code = result.code === 0 && stage.failOn?.test(output) ? 1 : result.code;
  const seconds = ((Date.now() - begin) / 1000).toFixed(1);
  summary.push({
    at: stages.indexOf(stage),
    line: `  ${code === 0 ? 'ok  ' : 'FAIL'}  ${stage.name.padEnd(13)} ${seconds.padStart(6)} s  ${code === 0 ? (stage.count(output) ?? '') : `exit code ${code}`}`,
  });
  return code === 0;
}

function stop(failed) {
  const lines = summary.sort((a, b) => a.at - b.at).map((entry) => entry.line);
  const verdict = failed
    ? `npm test failed at: ${failed.join(', ')}`
    : `npm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  console.log(`\n=== summary ===\n${lines.join('\n')}\n\n${verdict}`);
  process.exit(failed ? 1 : 0);
}

// The checks of the sources, side by side; every one runs to its end, so a failure names them all.
const sourceChecks = stages.filter((stage) => stage.sources);
const waiting = [...sourceChecks];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), sourceChecks.length) }, async () => {
    for (let stage = waiting.shift(); stage; stage = waiting.shift()) {
      if (!(await runStage(stage, { buffered: true }))) failed.push(stage.name);
    }
  }),
);
if (failed.length > 0) stop(failed);

for (const stage of stages.filter((stage) => !stage.sources)) {
  if (!(await runStage(stage))) stop([stage.name]);
}
stop();
