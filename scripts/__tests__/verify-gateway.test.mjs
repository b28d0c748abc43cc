// @vitest-environment node
// The verification kit against stub gateways on 127.0.0.1: one that keeps the contract (every
// row passes) and one with each class of violation (each is reported, the exit code is not 0).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { strictVariant } from '../contract-validator.mjs';
import { listOperations } from '../openapi-document.mjs';
import { formatTable, parseArguments, verifyGateway } from '../verify-gateway.mjs';
import { startStubGateway } from './stub-gateway.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const operations = listOperations(document);
const sideEffectFree = operations
  .filter((entry) => entry.operation['x-side-effects'] === false)
  .map((entry) => entry.operation.operationId);

let stub;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const options = (extra = {}) => ({ gateway: stub.url, timeoutMs: 5_000, params: {}, all: false, json: false, only: null, ...extra });
const json = (status, value) => ({ status, contentType: 'application/json', body: JSON.stringify(value) });
const edit = (example, change) => {
  const value = JSON.parse(example.body);
  change(value);
  return json(example.status, value);
};

/** One override per class of violation the kit must catch. */
const VIOLATIONS = {
  // An undeclared status: keepAlive declares 204, 401, 403, 440 and 500.
  keepAlive: () => json(404, { errors: [{ code: 'NOT_FOUND', description: 'No such path' }] }),
  // A misspelled optional field.
  getPublicBranding: (example) =>
    edit(example, (value) => {
      value.brandLinks.leftLogoUrl = value.brandLinks.leftLogoLink;
      delete value.brandLinks.leftLogoLink;
    }),
  // An extra field.
  getUserBranding: (example) => edit(example, (value) => (value.data.brandColour = '#003366')),
  // A wrong type.
  validateSession: () => json(200, { validated: 'yes', userId: '100245' }),
  // A missing required field.
  getSkipEnrollmentSteps: () => json(200, { data: {} }),
  // An errors list that is not the envelope.
  getUserContact: () => json(200, { errors: [{ message: 'Contact not found' }] }),
  // A declared error status whose body is not the envelope.
  getLastAccessed: () => json(401, { error: 'Unauthorized' }),
  // The wrong media type.
  getStatus: () => json(200, { status: 'UP' }),
};

const EXPECTED = {
  keepAlive: [/^status 404 \(NOT_FOUND\) is not declared \(declared: 204, 401, 403, 440, 500\)$/],
  getPublicBranding: [/^\/brandLinks: unknown property "leftLogoUrl"$/],
  getUserBranding: [/^\/data: unknown property "brandColour"$/],
  validateSession: [/^\/validated: must be boolean$/],
  getSkipEnrollmentSteps: [/^\/data: missing required property "skipEnrollmentSteps"$/],
  getUserContact: [/^\/errors\/0: missing required property "code"$/, /^\/errors\/0: unknown property "message"$/],
  getLastAccessed: [
    /^answered 401, not a success/,
    /^\(root\): missing required property "errors"$/,
    /^\(root\): unknown property "error"$/,
  ],
  getStatus: [/^content type "application\/json" is not one the contract answers \(text\/plain\)$/],
};

function runCli(args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'verify-gateway.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('a gateway that keeps the contract', () => {
  it('passes every operation with --all and a token', async () => {
    stub = await startStubGateway(document);
    const report = await verifyGateway(options({ all: true, token: 'stub-token' }), document);
    const failed = report.rows.filter((row) => row.result === 'failed');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    // Everything but the sign-in, which needs --user and --password.
    expect(report.rows.filter((row) => row.result === 'skipped').map((row) => row.operationId)).toEqual(['authenticate']);
    expect(new Set(report.rows.filter((row) => row.result === 'passed').map((row) => row.operationId)).size).toBe(operations.length - 1);
    // One row per named request example: resetPassword has two.
    expect(report.rows.filter((row) => row.operationId === 'resetPassword').map((row) => row.example)).toEqual(['withAnswer', 'withCode']);
  });

  it('signs in with --user and --password, then sends only the calls without side effects', async () => {
    stub = await startStubGateway(document, {
      getUserCredentials: (example, request) =>
        // The user id of the sign-in answer reaches the path.
        request.url.pathname.includes('/user/100245/')
          ? example
          : json(404, { errors: [{ code: 'NOT_FOUND', description: 'wrong user' }] }),
    });
    const report = await verifyGateway(options({ user: 'jsmith401', password: 'Retire#2045' }), document);
    expect(report.summary.failed, formatTable(report)).toBe(0);
    expect(report.rows[0]).toMatchObject({ operationId: 'authenticate', example: 'sign-in', result: 'passed' });
    expect(stub.requests[0]).toBe('authenticate');
    expect([...new Set(stub.requests.slice(1))].sort()).toEqual([...sideEffectFree].sort());
    expect(report.summary.passed).toBe(sideEffectFree.length + 1);
  });

  it('without a token, skips the signed-in calls and says why', async () => {
    stub = await startStubGateway(document);
    const report = await verifyGateway(options(), document);
    expect(report.summary.failed).toBe(0);
    const skipped = report.rows.find((row) => row.operationId === 'getUserBranding');
    expect(skipped).toMatchObject({ result: 'skipped', note: 'signed-in call: needs --token, or --user and --password' });
    expect(report.rows.find((row) => row.operationId === 'getPublicBranding')?.result).toBe('passed');
    expect(stub.requests).not.toContain('getUserBranding');
  });
});

describe('a gateway that breaks the contract', () => {
  it('is reported operation by operation, with a non-zero exit code (the CLI, --json)', async () => {
    stub = await startStubGateway(document, VIOLATIONS);
    const { code, stdout, stderr } = await runCli([stub.url, '--token', 'stub-token', '--json', '--timeout-ms', '5000']);
    expect(code, stderr).toBe(1);
    const report = JSON.parse(stdout);
    const failed = Object.fromEntries(report.rows.filter((row) => row.result === 'failed').map((row) => [row.operationId, row.violations]));
    expect(Object.keys(failed).sort()).toEqual(Object.keys(VIOLATIONS).sort());
    for (const [id, patterns] of Object.entries(EXPECTED)) {
      for (const pattern of patterns) expect(failed[id], id).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
    }
    expect(report.summary).toEqual({ passed: sideEffectFree.length - 8, failed: 8, skipped: operations.length - sideEffectFree.length });
  });

  it('prints a table: operation, status, passed or the violations', async () => {
    stub = await startStubGateway(document, { keepAlive: VIOLATIONS.keepAlive });
    const { code, stdout } = await runCli([stub.url, '--token', 'stub-token', '--only', 'keepAlive,getPublicBranding']);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`verify-gateway: ${stub.url}/ against the strict contract`);
    expect(lines[2]).toMatch(/^operation\s+status {2}result$/);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^getPublicBranding\s+200 {5}passed$/),
        expect.stringMatching(/^keepAlive\s+404 {5}FAILED: status 404 \(NOT_FOUND\) is not declared/),
      ]),
    );
    expect(lines.at(-1)).toBe('1 passed, 1 failed, 0 skipped');
  });

  it('bounds every request: a gateway that never answers fails the row within the deadline', async () => {
    stub = await startStubGateway(document, { getStatus: () => 'hang' });
    const report = await verifyGateway(options({ only: ['getStatus'], timeoutMs: 200 }), document);
    expect(report.rows).toMatchObject([{ operationId: 'getStatus', result: 'failed', violations: ['no answer within 200 ms'] }]);
  });

  it('fails every row when nothing listens', async () => {
    stub = await startStubGateway(document);
    const { url } = stub;
    await stub.close();
    stub = undefined;
    const report = await verifyGateway({ gateway: url, timeoutMs: 2_000, params: {}, all: false, only: ['getStatus'] }, document);
    expect(report.rows[0].violations[0]).toMatch(/^request failed: ECONNREFUSED/);
  });
});

describe('arguments', () => {
  it('takes the gateway, credentials and options', () => {
    expect(parseArguments(['https://gateway.example', '--token', 'T', '--all', '--param', 'planId=PLN-1', '--json'])).toMatchObject({
      gateway: 'https://gateway.example',
      token: 'T',
      all: true,
      json: true,
      params: { planId: 'PLN-1' },
    });
  });

  it.each([
    [[], /gateway URL is missing/],
    [['ftp://gateway.example'], /must be http or https/],
    [['https://gateway.example/?x=1'], /no query/],
    [['https://gateway.example', '--user', 'u'], /--user and --password go together/],
    [['https://gateway.example', '--timeout-ms', '0'], /positive integer/],
    [['https://gateway.example', '--frobnicate'], /unknown option/],
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
