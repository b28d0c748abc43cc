// @vitest-environment node
// Prism, run with --errors, answers every named example of the contract without a violation:
// each example matches its schema, and each operation accepts the request its own examples
// make.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TEST_PORT } from '../../scripts/ports.mjs';
import { operations, responseExamples, root, validRequest } from './contract-helpers.mjs';

const PORT = CONTRACT_TEST_PORT;
let prism;

beforeAll(async () => {
  prism = spawn(
    join(root, 'node_modules', '.bin', 'prism'),
    ['mock', join(root, 'generated', 'openapi.json'), '--port', String(PORT), '--host', '127.0.0.1', '--errors', '--verboseLevel', 'warn'],
    {
      stdio: 'ignore',
    },
  );
  // Patience, not a measurement: Prism takes seconds to start on a busy machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${PORT}/`);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error('Prism did not start');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}, 100_000);

afterAll(() => prism?.kill());

const cases = operations().flatMap((entry) =>
  responseExamples(entry.operation).map((example) => [`${entry.operation.operationId} ${example.status} ${example.name}`, entry, example]),
);

describe('Prism serves every named example', () => {
  it('has examples to walk', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases)('%s', async (_, entry, example) => {
    const request = validRequest(entry);
    const response = await fetch(`http://127.0.0.1:${PORT}${request.url}`, {
      method: request.method,
      headers: { ...request.headers, Prefer: `code=${example.status}, example=${example.name}` },
      body: request.body,
    });
    const text = await response.text();
    expect(response.headers.get('sl-violations'), text).toBeNull();
    expect(response.status, text).toBe(example.status);
    if (example.mediaType.includes('json')) expect(JSON.parse(text)).toEqual(example.value);
    else expect(text).toBe(example.value);
  });

  it.each(
    operations()
      .filter((entry) => entry.operation.responses['204'])
      .map((entry) => [entry.operation.operationId, entry]),
  )('%s answers 204 to a valid request', async (_, entry) => {
    const request = validRequest(entry);
    const response = await fetch(`http://127.0.0.1:${PORT}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    expect(response.headers.get('sl-violations')).toBeNull();
    expect(response.status).toBe(204);
  });
});
