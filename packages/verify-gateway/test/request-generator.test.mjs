// @vitest-environment node
// The request generator against the contract: every valid request it makes is one the contract
// accepts, every invalid one is one the contract refuses (for every operation of the bundle, and
// for a small document with the schema features the bundle does not use yet); fuzzOperation
// finds, shrinks and prints a gateway's failure, judged by the kit's own checks.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createJudge,
  fuzzOperation,
  invalidRequestArbitrary,
  toCurl,
  toHttpRequest,
  validRequestArbitrary,
  withoutLeadingLookarounds,
} from '../src/request-generator.mjs';
import { describeViolation } from '../src/checks.mjs';
import { loadContract } from '../src/contract.mjs';
import { listOperations } from '../src/openapi-document.mjs';
import { createRequestValidator } from '../../../scripts/request-validator.mjs';
import { answerOf } from './stub-gateway.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const SEED = 20261121;

/** The verdict of the contract (the mock's validator) on a request as it goes on the wire. */
function verdictOn(validate, entry, request) {
  const http = toHttpRequest(entry, request);
  const url = new URL(http.url, 'http://gateway.invalid');
  const headers = Object.fromEntries(Object.entries(http.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return validate(entry, { pathname: url.pathname, query: url.searchParams, headers, bodyText: http.body ?? '' });
}

/** Asserts both properties on every operation of a document; returns the kinds of invalid requests seen. */
function proveGenerator(document, runs) {
  const validate = createRequestValidator(document);
  const kinds = new Map();
  for (const entry of listOperations(document)) {
    const id = entry.operation.operationId;
    fc.assert(
      fc.property(validRequestArbitrary(document, entry), (request) => {
        const { problems } = verdictOn(validate, entry, request);
        if (problems.length) throw new Error(`${id}: a valid request was refused: ${problems.join('; ')}`);
      }),
      { numRuns: runs, seed: SEED },
    );
    const invalid = invalidRequestArbitrary(document, entry);
    if (!invalid) continue;
    fc.assert(
      fc.property(invalid, (request) => {
        kinds.set(request.invalid.kind, (kinds.get(request.invalid.kind) ?? 0) + 1);
        const { problems, status } = verdictOn(validate, entry, request);
        if (problems.length === 0)
          throw new Error(`${id}: an invalid request (${request.invalid.kind} at ${request.invalid.where}) was accepted`);
        expect([400, 415]).toContain(status);
      }),
      { numRuns: runs, seed: SEED },
    );
  }
  return kinds;
}

/** A small contract with what the bundle's request schemas do not use today. */
const FEATURES = {
  openapi: '3.1.0',
  info: { title: 'features', version: '1.0.0' },
  paths: {
    '/things/{thingId}': {
      put: {
        operationId: 'putThing',
        parameters: [
          { name: 'thingId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 999 } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 50 } },
          { name: 'when', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'flag', in: 'query', required: false, schema: { type: 'boolean' } },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['name', 'tags', 'owner', 'shape'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 10, pattern: '^[a-z]+$' },
          site: { type: 'string', format: 'uri', maxLength: 200 },
          since: { type: 'string', format: 'date-time' },
          level: { type: 'integer', enum: [1, 2, 3] },
          ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
          note: { type: ['string', 'null'], maxLength: 20 },
          tags: { type: 'array', minItems: 1, maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c', 'd'] } },
          owner: {
            type: 'object',
            required: ['email'],
            properties: {
              email: { type: 'string', format: 'email', maxLength: 60 },
              phones: { type: 'array', maxItems: 2, items: { $ref: '#/components/schemas/Phone' } },
            },
          },
          shape: {
            oneOf: [
              { type: 'object', required: ['radius'], properties: { radius: { type: 'number', minimum: 0 } }, additionalProperties: false },
              { type: 'object', required: ['side'], properties: { side: { type: 'integer', minimum: 1 } }, additionalProperties: false },
            ],
          },
        },
      },
      Phone: {
        type: 'object',
        required: ['number'],
        properties: { number: { type: 'string', pattern: '^[0-9]{4,15}$' }, kind: { type: 'string', enum: ['home', 'work'] } },
      },
    },
  },
};

describe('the request generator', () => {
  it('makes only requests the contract accepts, and invalid ones it refuses, for every operation of the bundle', () => {
    const kinds = proveGenerator(bundle, 40);
    // Every kind the issue names, and the body-level ones, occur.
    expect([...kinds.keys()].sort()).toEqual([
      'content-type',
      'enum',
      'malformed-json',
      'missing-required',
      'out-of-range',
      'oversized',
      'pattern',
      'wrong-type',
    ]);
  }, 120_000);

  it('covers formats, bounds, arrays, nested objects, nullable types and oneOf (a small contract of them)', () => {
    const kinds = proveGenerator(FEATURES, 100);
    expect([...kinds.keys()].sort()).toEqual([
      'content-type',
      'enum',
      'malformed-json',
      'missing-required',
      'out-of-range',
      'oversized',
      'pattern',
      'wrong-type',
    ]);
    const [entry] = listOperations(FEATURES);
    const bodies = fc.sample(validRequestArbitrary(FEATURES, entry), { numRuns: 200, seed: SEED }).map((request) => request.body);
    // Both branches of the oneOf, optional properties present and absent, arrays of several sizes.
    expect(bodies.some((body) => 'radius' in body.shape)).toBe(true);
    expect(bodies.some((body) => 'side' in body.shape)).toBe(true);
    expect(bodies.some((body) => body.site !== undefined)).toBe(true);
    expect(bodies.some((body) => body.site === undefined)).toBe(true);
    expect(new Set(bodies.map((body) => body.tags.length))).toEqual(new Set([1, 2, 3]));
  }, 60_000);

  it('labels where an invalid request is broken', () => {
    const [entry] = listOperations(FEATURES);
    const wheres = new Set(
      fc
        .sample(invalidRequestArbitrary(FEATURES, entry), { numRuns: 1000, seed: SEED })
        .map((request) => `${request.invalid.kind} ${request.invalid.where}`),
    );
    for (const expected of [
      'missing-required body/owner/email',
      'missing-required body/tags',
      'missing-required query when',
      'missing-required header X-Trace',
      'pattern body/owner/phones/0/number',
      'pattern query when',
      'oversized body/tags',
      'enum body/level',
      'enum body/tags/0',
      'out-of-range path thingId',
      'wrong-type path thingId',
      'wrong-type body/shape',
      'wrong-type query flag',
    ])
      expect(wheres, expected).toContain(expected);
  });

  it('is reproducible with a seed', () => {
    const entry = listOperations(bundle).find(({ operation }) => operation.operationId === 'savePhone');
    const first = fc.sample(invalidRequestArbitrary(bundle, entry), { numRuns: 20, seed: 7 });
    const again = fc.sample(invalidRequestArbitrary(bundle, entry), { numRuns: 20, seed: 7 });
    expect(again).toEqual(first);
    expect(fc.sample(invalidRequestArbitrary(bundle, entry), { numRuns: 20, seed: 8 })).not.toEqual(first);
  });

  it('generates from patterns with lookarounds by dropping them and filtering with the whole pattern', () => {
    expect(withoutLeadingLookarounds('^(?=.*[A-Z])(?!.*(.)\\1\\1)[A-Za-z]{8}$')).toBe('^[A-Za-z]{8}$');
    expect(withoutLeadingLookarounds('^(?=[^@)]{1,64}@)[a-z]+@[a-z]+$')).toBe('^[a-z]+@[a-z]+$');
    expect(withoutLeadingLookarounds('^[a-z]+$')).toBeUndefined();
    const entry = listOperations(bundle).find(({ operation }) => operation.operationId === 'changePasswordWithToken');
    const passwords = fc
      .sample(validRequestArbitrary(bundle, entry), { numRuns: 50, seed: SEED })
      .map((request) => request.body.newPassword);
    const rule = /^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9!#$%&?@])(?!.*(.)\1\1)[A-Za-z0-9!#$%&?@]{8,16}$/u;
    expect(passwords.every((password) => rule.test(password))).toBe(true);
  });
});

describe('toCurl', () => {
  it('prints a request as a curl command, quoted for the shell, credentials and secrets masked', () => {
    const curl = toCurl('https://gateway.example/base', {
      operationId: 'changePassword',
      method: 'POST',
      url: '/login-gateway/credentials/changePassword?q=it%27s',
      headers: { 'X-Auth-Token': 'secret-token', 'Content-Type': 'application/json', Authorization: 'Basic abc' },
      body: JSON.stringify({ username: "o'neil", newPassword: 'Retire#2045' }),
    });
    expect(curl).toBe(
      "curl -sS -X POST 'https://gateway.example/base/login-gateway/credentials/changePassword?q=it%27s' -H 'X-Auth-Token: ***' " +
        "-H 'Content-Type: application/json' -H 'Authorization: ***' --data-raw '{\"username\":\"o'\\''neil\",\"newPassword\":\"***\"}'",
    );
    expect(curl).not.toContain('secret-token');
    expect(toCurl('http://g', { operationId: 'x', method: 'POST', url: '/a', headers: {}, body: '{"a":1},' })).toBe(
      "curl -sS -X POST 'http://g/a' --data-raw '{\"a\":1},'",
    );
    // Known secret values are masked wherever they appear.
    expect(toCurl('http://g', { operationId: 'x', method: 'GET', url: '/a?id=link-0123456789', headers: {} }, ['link-0123456789'])).toBe(
      "curl -sS 'http://g/a?id=***'",
    );
  });
});

describe('fuzzOperation', () => {
  const entryOf = (id) => listOperations(bundle).find(({ operation }) => operation.operationId === id);
  const json = (status, body) => answerOf(status, body);
  const validator = createRequestValidator(bundle);
  /** A gateway that keeps the contract: refuses what the contract refuses, else answers `ok`. */
  const keeping = (entry, ok) => async (http) => {
    const url = new URL(http.url, 'http://gateway.invalid');
    const headers = Object.fromEntries(Object.entries(http.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const verdict = validator(entry, { pathname: url.pathname, query: url.searchParams, headers, bodyText: http.body ?? '' });
    if (verdict.status) return json(verdict.status, { errors: [{ code: 'BAD_REQUEST', description: verdict.problems.join('; ') }] });
    return ok(verdict.body);
  };

  it('passes a gateway that keeps the contract', async () => {
    const entry = entryOf('savePhone');
    const outcome = await fuzzOperation({
      entry,
      document: bundle,
      runs: 30,
      seed: SEED,
      send: keeping(entry, () => json(200, { errors: [] })),
    });
    expect(outcome).toMatchObject({
      operationId: 'savePhone',
      seed: SEED,
      valid: { failed: false, runs: 30 },
      invalid: { failed: false, runs: 30 },
    });
  });

  it('shrinks a server error on valid requests to the smallest one and prints it as curl', async () => {
    const entry = entryOf('savePhone');
    // The defect: a number of 12 digits or more crashes the gateway.
    const send = keeping(entry, (body) =>
      body.number.length >= 12 ? json(500, { errors: [{ code: 'X', description: 'crash' }] }) : json(200, { errors: [] }),
    );
    const outcome = await fuzzOperation({
      entry,
      document: bundle,
      runs: 100,
      seed: SEED,
      send,
      headers: { 'X-Auth-Token': 'tok' },
      baseUrl: 'https://gw.example',
    });
    expect(outcome.valid.failed).toBe(true);
    const { request, curl, violations, status } = outcome.valid.counterexample;
    expect(status).toBe(500);
    expect(violations.map(describeViolation)).toEqual([
      'status: a server error, to a request the contract accepts (expected: a declared status below 500: 200, 400, 401, 403, 440; received: 500 (X))',
    ]);
    expect(request.body.number).toMatch(/^[0-9]{12}$/);
    expect(curl).toMatch(/^curl -sS -X POST 'https:\/\/gw\.example\/login-gateway\/credentials\/phone' -H 'X-Auth-Token: \*\*\*'/);
    expect(outcome.invalid.failed).toBe(false);
  });

  it('finds a gateway that accepts an invalid request, labelled with what was broken', async () => {
    const entry = entryOf('getMfaOptions');
    // The defect: no check of the username's length.
    const lax = async (http) => {
      const body = (() => {
        try {
          return JSON.parse(http.body ?? '');
        } catch {
          return undefined;
        }
      })();
      if (typeof body?.username !== 'string') return json(400, { errors: [{ code: 'BAD_REQUEST', description: 'no username' }] });
      return json(200, { data: { options: [] } });
    };
    const outcome = await fuzzOperation({ entry, document: bundle, runs: 200, seed: SEED, send: lax });
    expect(outcome.valid.failed).toBe(false);
    expect(outcome.invalid.failed).toBe(true);
    const { request, violations } = outcome.invalid.counterexample;
    expect(request.invalid).toEqual({ kind: 'oversized', where: 'body/username' });
    // Shrunk: the shortest string past maxLength 64.
    expect(request.body.username).toHaveLength(65);
    expect(violations.map(describeViolation)).toEqual([
      'status: not the error answer, to a request the contract refuses (expected: 400 or 429; received: 200)',
    ]);
    expect(outcome.invalid.statuses['200']).toBeGreaterThan(0);
  });

  it('fails a transport failure like a wrong answer', async () => {
    const entry = entryOf('getStatus');
    const outcome = await fuzzOperation({
      entry,
      document: bundle,
      runs: 5,
      seed: SEED,
      send: async () => Promise.reject(new Error('socket hang up')),
    });
    expect(outcome.invalid).toBeUndefined();
    expect(outcome.valid.counterexample.violations).toEqual([
      { rule: 'transport', where: 'connection', message: 'no answer: socket hang up' },
    ]);
    expect(outcome.valid.statuses).toEqual({ none: expect.any(Number) });
  });

  it('rethrows an error of its own judge instead of blaming the gateway', async () => {
    const entry = entryOf('getStatus');
    const judge = () => {
      throw new Error('a defect in the judge');
    };
    await expect(
      fuzzOperation({ entry, document: bundle, runs: 2, seed: SEED, send: async () => json(200, { status: 'UP' }), judge }),
    ).rejects.toThrow('a defect in the judge');
  });

  it('judges with the kit’s checks: a valid request a declared status below 500, an invalid one a declared 4xx with the envelope', () => {
    const judge = createJudge(loadContract(bundle));
    const entry = entryOf('getMfaOptions');
    const valid = { operationId: 'getMfaOptions', method: 'POST', pathParams: {}, query: [], headers: {}, body: { username: 'a' } };
    const invalid = { ...valid, invalid: { kind: 'missing-required', where: 'body/username' } };
    const verdict = (request, answer, operation = entry) => judge(operation, request, answer).map(describeViolation);
    const refused = json(400, { errors: [{ code: 'BAD_REQUEST', description: 'x' }] });
    expect(verdict(valid, json(200, { data: { options: [] } }))).toEqual([]);
    // A declared refusal of a valid request passes: the contract's 400 is also the gateway's refusal.
    expect(verdict(valid, refused)).toEqual([]);
    // The success is anyOf [the answer with its data, a business failure]: each answer reads as
    // the branch closest to it, never as also failing the other.
    expect(verdict(valid, json(200, { data: { options: [], extra: 1 } }))).toEqual([
      'body /data/extra: unknown property "extra" (expected: absent (not in the contract); received: 1)',
    ]);
    expect(verdict(valid, json(200, { errors: [{ code: 'E', description: 'x', extra: 1 }] }))).toEqual([
      'body /errors/0/extra: unknown property "extra" (expected: absent (not in the contract); received: 1)',
    ]);
    // A union inside the chosen branch is narrowed too: an email or null, given neither.
    const credentials = { data: { userId: '100245', email: 'not-an-email', emailAddress: null } };
    expect(verdict(valid, json(200, credentials), entryOf('getCredentials'))).toEqual([
      expect.stringMatching(/^body \/data\/email: does not match the pattern \(expected: string matching .+; received: "not-an-email"\)$/),
    ]);
    expect(verdict(valid, json(404, { errors: [] }))[0]).toMatch(/^status: a status the operation does not declare/);
    expect(verdict(valid, json(500, { errors: [{ code: 'E', description: 'x' }] }))[0]).toMatch(/^status: a server error/);
    expect(verdict(valid, answerOf(200, '<p>', { 'Content-Type': 'text/html' }))[0]).toMatch(
      /^header Content-Type: a media type the contract does not answer/,
    );
    expect(verdict(invalid, refused)).toEqual([]);
    expect(verdict(invalid, json(400, { errors: [] }))).toEqual([
      'body /errors: an error answer that lists no error (expected: at least one { code, description }; received: [])',
    ]);
    expect(verdict(invalid, json(200, { data: { options: [] } }))[0]).toMatch(
      /^status: not the error answer, to a request the contract refuses/,
    );
    expect(verdict(invalid, json(500, { errors: [{ code: 'E', description: 'x' }] }))[0]).toMatch(/^status: not the error answer/);
    // A status the operation does not declare is a violation, even to an invalid request.
    const landing = entryOf('getUserLandingUrl');
    const badRole = {
      operationId: 'getUserLandingUrl',
      method: 'GET',
      pathParams: {},
      query: [['role', 'x']],
      headers: {},
      invalid: { kind: 'enum', where: 'query role' },
    };
    expect(verdict(badRole, refused, landing)).toEqual([]);
    expect(verdict(badRole, json(422, { errors: [{ code: 'BAD_REQUEST', description: 'x' }] }), landing)).toEqual([
      'status: a status the operation does not declare (expected: one of 200, 400, 401, 403, 440, 500; received: 422 (BAD_REQUEST))',
    ]);
    // The same rules as every answer the kit checks: HTTP's own, here a body on a 204.
    const keepAlive = entryOf('keepAlive');
    const withBody = { ...answerOf(204, '{}'), wireBytes: 2 };
    expect(judge(keepAlive, { ...valid, operationId: 'keepAlive' }, withBody).map((violation) => violation.rule)).toContain('protocol');
  });
});
