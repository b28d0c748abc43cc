// @vitest-environment node
// Who may call what, through the kit's command line, against the stateful stub gateway on
// 127.0.0.1 (test/stub-gateway.mjs): one that keeps the contract's x-access, x-rate-limit and
// x-same-answer passes with two accounts, every probe and the throttling (exit 0); one stub per
// class of deviation a real gateway could ship (a token missing, made up, altered, signed out, or
// read from a cookie or the query; another user's ids served; a refusal that says too much; one
// fixed account for every token; throttling missing, late or malformed; a known and an unknown
// identifier answered differently) fails with that class (exit 1).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { describeViolation } from '../src/checks.mjs';
import { loadContract } from '../src/contract.mjs';
import { startStubGateway } from './stub-gateway.mjs';

// Each case starts the kit's command line, a node process that compiles the contract: on a busy
// machine that takes longer than the default bound. A bound, not a wait.
vi.setConfig({ testTimeout: 300_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const contract = loadContract(document);
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-access-'));
const USERS = ['--user', 'jsmith401', '--password', 'Retire#2045', '--user2', 'akumar', '--password2', 'Retire#2045'];
const HOOKS = ['--code-hook', '/__stub/last-code', '--limits-reset-hook', '/__stub/limits/reset'];

let stub;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});
afterAll(async () => {
  await stub?.close();
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
    child.on('close', (code) => done({ code, stdout, stderr, report: JSON.parse(readFileSync(jsonFile, 'utf8')) }));
  });
}

/** Each failed row's violations as `operation (which) kind rule: where: message (...)`. */
const failures = (report) =>
  report.rows
    .filter((row) => row.result === 'failed')
    .flatMap((row) =>
      row.violations.map(
        (violation) => `${row.operationId} (${row.example}) ${row.kind} ${violation.rule}: ${describeViolation(violation)}`,
      ),
    );
const rowsOf = (report, kind) => report.rows.filter((row) => row.kind === kind);
const operations = contract.operations.map(({ operation }) => operation);

describe('a gateway that keeps who may call what', () => {
  it('passes with two accounts, every probe, the same answers and the throttling (exit 0), saying what it tried', async () => {
    stub = await startStubGateway(document);
    const { code, stderr, stdout, report } = await runCli([stub.url, ...USERS, ...HOOKS, '--all', '--probe-limits']);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    // Six authentication probes per operation that is not public, each refused 401.
    const notPublic = operations.filter((operation) => operation['x-access'] !== 'public');
    const auth = rowsOf(report, 'auth');
    expect(auth).toHaveLength(notPublic.length * 6);
    expect(new Set(auth.map((row) => row.example))).toEqual(
      new Set([
        'no token',
        'a made-up token',
        'the token with its last character changed',
        'a signed-out token',
        'the token in a cookie, not the header',
        'the token in the query, not the header',
      ]),
    );
    expect(auth.every((row) => row.status === 401 && row.result === 'passed')).toBe(true);
    // User 2's ids: its user id, its plan and its passkey, each 404 to user 1.
    const access = rowsOf(report, 'access').filter((row) => row.example.startsWith('another user'));
    expect(access.every((row) => row.status === 404 && row.result === 'passed')).toBe(true);
    expect(new Set(access.map((row) => row.example))).toEqual(
      new Set(["another user's userId", "another user's planId", "another user's passkeyId"]),
    );
    expect(access.every((row) => row.note.endsWith("user 2's"))).toBe(true);
    expect(rowsOf(report, 'access').filter((row) => row.example === "user 2's own answer").length).toBeGreaterThan(20);
    expect(rowsOf(report, 'same-answer').map((row) => `${row.operationId} ${row.result}`)).toEqual([
      'resetPassword passed',
      'retrieveUsername passed',
    ]);
    const throttled = operations.filter((operation) => operation['x-rate-limit']).map((operation) => operation.operationId);
    expect(rowsOf(report, 'throttling').map((row) => `${row.operationId} ${row.status}`)).toEqual(throttled.map((id) => `${id} 429`));
    expect(stdout).toMatch(/\ngetCredentials \(the token in a cookie, not the header\) +401 +passed\n/);
  });

  it('without a second account, uses ids of the contract’s examples that are not the caller’s, and says so', async () => {
    stub = await startStubGateway(document);
    const { code, stderr, report } = await runCli([
      stub.url,
      '--user',
      'jsmith401',
      '--password',
      'Retire#2045',
      '--only',
      'getUserContact,getPlanInfo',
    ]);
    expect(failures(report)).toEqual([]);
    expect(code, stderr).toBe(0);
    const access = rowsOf(report, 'access');
    expect(access.map((row) => `${row.operationId} ${row.example} ${row.result}`)).toEqual([
      "getUserContact another user's userId passed",
      "getPlanInfo another user's userId passed",
      "getPlanInfo another user's planId not selected",
    ]);
    expect(access[0].note).toMatch(/^userId \d+, from the contract's examples \(no --user2: a second account would test/);
    expect(access[2].note).toBe("no planId known that is not the caller's");
  });
});

describe('a gateway that breaks who may call what fails with that class (exit 1)', () => {
  // Each: the defect, the kit's options (the fewest operations that show it), and what must fail.
  it.each([
    [
      'answers a read without a token',
      ['--only', 'getCredentials'],
      /^getCredentials \(no token\) auth access: status: a call with no token was answered as signed in/,
    ],
    [
      'takes a made-up token',
      ['--only', 'getCredentials'],
      /^getCredentials \(a made-up token\) auth access: status: .* answered as signed in/,
    ],
    [
      'takes an altered token',
      ['--only', 'getCredentials'],
      /^getCredentials \(the token with its last character changed\) auth access: status: .* answered as signed in/,
    ],
    [
      'accepts a signed-out token',
      ['--only', 'getCredentials'],
      /^getCredentials \(a signed-out token\) auth access: status: .* answered as signed in/,
    ],
    [
      'reads the token from a cookie',
      ['--only', 'getCredentials'],
      /^getCredentials \(the token in a cookie, not the header\) auth access: status: .* answered as signed in/,
    ],
    [
      'reads the token from the query',
      ['--only', 'getCredentials'],
      /^getCredentials \(the token in the query, not the header\) auth access: status: .* answered as signed in/,
    ],
    [
      'answers 401 with data',
      ['--only', 'getCredentials'],
      /^getCredentials \(no token\) auth access: body \/data: a call with no token: the answer carries data/,
    ],
    [
      'answers 401 with data',
      ['--only', 'getCredentials'],
      /^getCredentials \(no token\) auth access: body: .*shows a value it must not .*username "jsmith401"/,
    ],
    ['answers 401 with an HTML page', ['--only', 'getCredentials'], /^getCredentials \(no token\) auth media-type: /],
    [
      "serves another user's userId on reads",
      ['--only', 'getUserContact'],
      /^getUserContact \(another user's userId\) access access: status: another user's userId \(\d+\) was served to user 1/,
    ],
    [
      "serves another user's userId on writes",
      ['--only', 'updateUserCredentials'],
      /^updateUserCredentials \(another user's userId\) access access: status: another user's userId \(\d+\) was served/,
    ],
    [
      "serves another user's plan",
      ['--only', 'getPlanInfo'],
      /^getPlanInfo \(another user's planId\) access access: status: another user's planId \(PLN-\d+\) was served/,
    ],
    [
      "removes another account's passkey",
      ['--only', 'removePasskey'],
      /^removePasskey \(another user's passkeyId\) access access: status: another user's passkeyId \(pk_\w+\) was served/,
    ],
    [
      "answers 403 for another user's resource",
      ['--only', 'getUserContact'],
      /^getUserContact \(another user's userId\) access access: status: 403 for another user's userId: the contract answers 404/,
    ],
    [
      'names the other user in its 404',
      ['--only', 'getUserContact'],
      /^getUserContact \(another user's userId\) access access: body: another user's userId: the answer shows a value it must not .*username "akumar"/,
    ],
    [
      'serves one fixed account',
      ['--only', 'validateSession,getCredentials'],
      /^getCredentials \(user 2's own answer\) access access: body: user 2's session is answered with user 1's identity.*userId "100245", username "jsmith401"/,
    ],
    [
      'never throttles',
      ['--only', 'getMfaOptions', '--probe-limits'],
      /^getMfaOptions \(30 attempts, then one more\) throttling throttling: status: not throttled after 31 attempts/,
    ],
    [
      'throttles too late',
      ['--only', 'authenticate', '--probe-limits'],
      /^authenticate \(10 attempts with a wrong basic password, then one more\) throttling throttling: status: not throttled after 11 attempts/,
    ],
    [
      'answers 429 without Retry-After',
      ['--only', 'getMfaOptions', '--probe-limits'],
      /^getMfaOptions \(.*\) throttling header: header Retry-After: missing required header/,
    ],
    [
      'answers a Retry-After in words',
      ['--only', 'getMfaOptions', '--probe-limits'],
      /^getMfaOptions \(.*\) throttling throttling: header Retry-After: a 429 whose Retry-After is neither a number of seconds nor an HTTP date/,
    ],
    [
      'answers 429 with attempts left in RateLimit',
      ['--only', 'getMfaOptions', '--probe-limits'],
      /^getMfaOptions \(.*\) throttling throttling: header RateLimit: a 429 whose RateLimit is not well-formed/,
    ],
    [
      'answers an unknown email with another status',
      ['--only', 'retrieveUsername'],
      /^retrieveUsername \(a known and an unknown email\) same-answer same-answer: status: a known and an unknown email are answered with different statuses \(expected: the known's: 200 ×5; received: the unknown's: 400 ×5\)/,
    ],
    [
      'answers an unknown email with another body',
      ['--only', 'retrieveUsername'],
      /^retrieveUsername \(a known and an unknown email\) same-answer same-answer: body \/errors: .*bodies of another shape \(expected: the known's: 0 items; received: the unknown's: 1 item\)/,
    ],
    [
      'answers an unknown username with another error code',
      ['--only', 'resetPassword'],
      /^resetPassword \(a known and an unknown username\) same-answer same-answer: body \/errors: a known and an unknown username are answered with different error codes/,
    ],
    [
      'answers a known email 400 ms slower',
      ['--only', 'retrieveUsername'],
      /^retrieveUsername \(a known and an unknown email\) same-answer same-answer: time: .*different times.*received: the known in \d{3,} ms, the unknown in \d+ ms/,
    ],
  ])('a gateway that %s', async (defect, options, expected) => {
    stub = await startStubGateway(document, {}, { defects: [defect] });
    const { code, stderr, report } = await runCli([stub.url, ...USERS, ...HOOKS, ...options]);
    expect(code, stderr).toBe(1);
    expect(failures(report)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });
});

describe('throttling meets the rest of the run', () => {
  it('without the reset hook, a probe reports the wait, and a later request it blocks says so (exit 2, or 0 with --allow-skip)', async () => {
    stub = await startStubGateway(document);
    const args = [stub.url, '--user', 'jsmith401', '--password', 'Retire#2045', '--only', 'getMfaOptions'];
    const probed = await runCli([...args, '--probe-limits']);
    expect(failures(probed.report)).toEqual([]);
    expect(probed.code).toBe(0);
    const [probe] = rowsOf(probed.report, 'throttling');
    expect(probe).toMatchObject({ operationId: 'getMfaOptions', status: 429, result: 'passed' });
    expect(probe.note).toMatch(/no --limits-reset-hook: the persona stays throttled \(Retry-After \d+ s\)$/);
    // The next run's example names the same account, still throttled: blocked, not failed.
    const blocked = await runCli(args);
    const [example] = blocked.report.rows.filter((row) => row.operationId === 'getMfaOptions' && row.kind === 'example');
    expect(example).toMatchObject({
      status: 429,
      result: 'skipped',
      note: expect.stringMatching(/^blocked by throttling: 429, Retry-After \d+ s$/),
    });
    expect(blocked.code).toBe(2);
    expect((await runCli([...args, '--allow-skip'])).code).toBe(0);
    // The hook lifts it.
    const reset = await runCli([...args, '--limits-reset-hook', '/__stub/limits/reset']);
    expect(reset.code).toBe(0);
  });
});
