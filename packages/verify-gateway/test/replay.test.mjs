// @vitest-environment node
// `--replay FILE#N`: a failure of a JSON report sent again with this run's credentials in place
// of the masked ones, judged as before: against the broken stub that made it, it fails again
// (exit 1); against the stub that keeps the contract, it passes (exit 0); what cannot be
// replayed says why (exit 2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseArguments } from '../src/cli.mjs';
import { failureToReplay, parseReplay } from '../src/replay.mjs';
import { runCli } from './cli-runner.mjs';
import { startStubGateway } from './stub-gateway.mjs';

// Each case starts the kit's command line, a node process that compiles the contract. A bound, not a wait.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-replay-'));
const PASSWORD = 'Retire#2045';
const SIGN_IN = ['--user', 'jsmith401', '--password', PASSWORD];

/** A token the stub minted: it signs in as the run does (it refuses a token it did not mint). */
async function signedInToken(stub) {
  const answer = await fetch(new URL('/login-gateway/authentication', stub.url), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`jsmith401:${PASSWORD}`).toString('base64')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify('fingerprint'),
  });
  return (await answer.json()).data.token;
}

const stubs = [];
const start = async (overrides) => {
  const stub = await startStubGateway(document, overrides);
  stubs.push(stub);
  return stub;
};
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = (status, value) => ({ status, contentType: 'application/json', body: JSON.stringify(value) });
/** The tokens each stub's getCredentials was sent, to see what a replay put in place of the masked one. */
const tokensSeen = [];
const BROKEN = {
  // A signed-in read with a misspelled field.
  getCredentials: (example, request) => {
    tokensSeen.push(request.headers['x-auth-token']);
    const value = JSON.parse(example.body);
    value.data.emailAdress = value.data.emailAddress;
    return json(200, value);
  },
  // Takes an invalid request: a generated request's failure, with a body.
  savePhone: (example) => example,
};

/** A run against the broken stub: its JSON report, and its failures by operation and kind. */
async function brokenReport(stub) {
  const file = join(work, `broken-${Date.now()}-${Math.random()}.json`);
  const { code, stderr } = await runCli([
    stub.url,
    ...SIGN_IN,
    '--only',
    'getCredentials,savePhone',
    '--fuzz',
    '10',
    '--seed',
    '11',
    '--json',
    file,
  ]);
  expect(code, stderr).toBe(1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.rows.filter((row) => row.result === 'failed');
  const number = (operationId, kind) => failed.findIndex((row) => row.operationId === operationId && row.kind === kind) + 1;
  return { file, report, number };
}

describe('a failure replayed', () => {
  it('fails again against the broken gateway (exit 1) and passes against one that keeps the contract (exit 0), with this run’s token', async () => {
    const broken = await start(BROKEN);
    const { file, number } = await brokenReport(broken);
    const example = number('getCredentials', 'example');
    expect(example).toBeGreaterThan(0);

    // The first failure by default; signed in afresh with --user and --password.
    tokensSeen.length = 0;
    const again = await runCli([broken.url, ...SIGN_IN, '--replay', file]);
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(again.stdout.split('\n')[0]).toBe(
      `verify-gateway: FAILED: failure #1 (getCredentials) still breaks the contract (1 violation) (exit 1)`,
    );
    expect(again.stdout).toContain('body /data/emailAdress: unknown property "emailAdress"');
    expect(again.stdout).toMatch(/\nrequest: curl -sS 'http:\/\/127\.0\.0\.1:\d+\/login-gateway\/credentials' .*-H 'X-Auth-Token: \*\*\*'/);
    expect(again.stdout).toMatch(/\nanswer: 200\n/);
    // A token the stub minted for this sign-in, not the mask.
    expect(tokensSeen).toHaveLength(1);
    // The stubs mint tokens of their own: <persona>.<uuid>.
    expect(tokensSeen[0]).toMatch(/\.[0-9a-f-]{36}$/);

    // The same failure against a gateway that keeps the contract, with --token: a token it minted.
    const seen = [];
    const conforming = await start({
      getCredentials: (answer, request) => {
        seen.push(request.headers['x-auth-token']);
        return answer;
      },
    });
    const token = await signedInToken(conforming);
    const fixed = await runCli([conforming.url, '--token', token, '--replay', `${file}#${example}`]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout.split('\n')[0]).toBe(`verify-gateway: PASSED: failure #${example} (getCredentials) now conforms (exit 0)`);
    expect(seen).toEqual([token]);
    expect(fixed.stdout).not.toContain(token);
    expect(fixed.stdout + again.stdout).not.toContain(PASSWORD);
  });

  it('a generated request keeps its body and what it was held to: the invalid one is refused by the contract-keeping gateway', async () => {
    const broken = await start(BROKEN);
    const { file, report, number } = await brokenReport(broken);
    const fuzz = number('savePhone', 'fuzz');
    const row = report.rows.filter((candidate) => candidate.result === 'failed')[fuzz - 1];
    expect(row).toMatchObject({ example: 'invalid requests', expect: 'client-error', request: { method: 'POST' } });

    // Signed in as the run was: the stubs refuse a token they did not mint, which would make any request a 401.
    const again = await runCli([broken.url, ...SIGN_IN, '--replay', `${file}#${fuzz}`]);
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(again.stdout).toContain('status: not the error answer, to a request the contract refuses');
    expect(again.stdout).toContain(`--data-raw '${row.request.body}'`);

    const conforming = await start();
    const fixed = await runCli([conforming.url, ...SIGN_IN, '--replay', `${file}#${fuzz}`]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/\nanswer: 400\n/);
  });
});

describe('a failure that cannot be replayed (exit 2, and why)', () => {
  it('a number beyond the failures, a report without failures, a run without the credentials it needs', async () => {
    const broken = await start(BROKEN);
    const { file, report } = await brokenReport(broken);
    const count = report.rows.filter((row) => row.result === 'failed').length;

    const beyond = await runCli([broken.url, '--token', 't', '--replay', `${file}#${count + 1}`]);
    expect(beyond.code).toBe(2);
    expect(beyond.stdout.split('\n')[0]).toBe(
      `verify-gateway: NOT REPLAYED: the report ${file} holds ${count} failures: #${count + 1} is none of them (exit 2)`,
    );

    const passedFile = join(work, 'passed.json');
    writeFileSync(passedFile, JSON.stringify({ ...report, rows: report.rows.filter((row) => row.result !== 'failed') }));
    const none = await runCli([broken.url, '--token', 't', '--replay', passedFile]);
    expect(none.code).toBe(2);
    expect(none.stdout.split('\n')[0]).toBe(`verify-gateway: NOT REPLAYED: the report ${passedFile} holds no failure (exit 2)`);

    const anonymous = await runCli([broken.url, '--replay', file]);
    expect(anonymous.code).toBe(2);
    expect(anonymous.stdout.split('\n')[0]).toBe(
      'verify-gateway: NOT REPLAYED: failure #1 (getCredentials) was sent signed in: it needs --token, or --user and --password (exit 2)',
    );

    const missing = await runCli([broken.url, '--token', 't', '--replay', join(work, 'nowhere.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toMatch(/^verify-gateway: NOT REPLAYED: the report .*nowhere\.json could not be read: ENOENT/);
  });

  it('a request whose masked body fields a replay cannot put back', async () => {
    const stub = await start({ changePassword: () => json(200, { data: { changed: 'yes' } }) });
    const file = join(work, 'change-password.json');
    const run = await runCli([stub.url, '--token', 'token-of-that-run', '--only', 'changePassword', '--json', file]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const [row] = JSON.parse(readFileSync(file, 'utf8')).rows.filter((candidate) => candidate.result === 'failed');
    const lost = row.request.masked.filter((part) => !part.restore).map((part) => part.where);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((where) => where.startsWith('body /'))).toBe(true);
    const { code, stdout } = await runCli([stub.url, '--token', 't', '--replay', file]);
    expect(code).toBe(2);
    expect(stdout.split('\n')[0]).toBe(
      `verify-gateway: NOT REPLAYED: failure #1 (changePassword) sent secrets the report masks and a replay cannot put back (${lost.join(', ')}): run the kit again to send it with them (exit 2)`,
    );
  });

  it('a journey’s own expectation, a request that never went out', () => {
    const row = {
      operationId: 'keepAlive',
      kind: 'sequence',
      sequence: 'sign-in',
      example: 'keep-alive with the signed-out token is refused',
      result: 'failed',
      violations: [{ rule: 'journey', where: 'status', message: 'a signed-out token is still accepted' }],
      request: { method: 'POST', url: '/x', headers: {}, masked: [] },
    };
    expect(() => failureToReplay({ rows: [row] }, 1, 'the report r.json')).toThrow(
      "failure #1 (keepAlive (keep-alive with the signed-out token is refused)) broke what its journey expects, which only the journey's own state can show: walk it again (--sequences sign-in)",
    );
    const unsent = { ...row, violations: [{ rule: 'transport', where: 'connection', message: 'no answer: a fresh sign-in failed' }] };
    delete unsent.request;
    expect(() => failureToReplay({ rows: [unsent] }, 1, 'the report r.json')).toThrow(
      'keeps no request: it never went out (connection: no answer: a fresh sign-in failed), or an earlier kit wrote the report',
    );
    // A journey's step that also broke the contract is replayed for the contract's part.
    const both = { ...row, violations: [...row.violations, { rule: 'schema', where: 'body', message: 'x' }] };
    expect(failureToReplay({ rows: [both] }, 1, 'r').row).toBe(both);
  });

  it.each([
    [['--replay', 'r.json#0'], /--replay needs FILE or FILE#N \(N from 1\), got r\.json#0/],
    [['--replay', 'r.json', '--fuzz', '5'], /--replay sends one request: it takes no --fuzz/],
    [['--replay', 'r.json', '--all', '--html', 'x.html'], /--replay sends one request: it takes no --all, --html/],
    [
      ['--replay', 'r.json', '--min-coverage', '0', '--param', 'planId=1'],
      /--replay sends one request: it takes no --param, --min-coverage/,
    ],
  ])('refuses %j', (args, message) => {
    expect(() => parseArguments(['https://gateway.example', ...args])).toThrow(message);
  });

  it('reads FILE and FILE#N', () => {
    expect(parseReplay('report.json')).toEqual({ file: 'report.json', number: 1 });
    expect(parseReplay('reports/run#3.json#12')).toEqual({ file: 'reports/run#3.json', number: 12 });
    expect(parseReplay('reports/run#3.json')).toEqual({ file: 'reports/run#3.json', number: 1 });
  });
});
