// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationRows } from '../../generated/operations';
import { dataModule, renderOperations, securityOf } from '../codegen.mjs';
import { listOperations } from '@signin-portal/verify-gateway/openapi-document';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));

describe("an operation's security, from the contract's security requirements", () => {
  const document = {
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic' },
        authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' },
        otherHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
  const operation = (security) => ({ operationId: 'op', ...(security === undefined ? {} : { security }) });

  it.each([
    [[], 'none'],
    [[{ basicAuth: [] }], 'basic'],
    [[{ authToken: [] }], 'token'],
  ])('reads %j as %s', (security, expected) => {
    expect(securityOf(document, operation(security))).toBe(expected);
  });

  it("takes the document's requirements when the operation states none, and none when neither does", () => {
    expect(securityOf({ ...document, security: [{ authToken: [] }] }, operation())).toBe('token');
    expect(securityOf({ ...document, security: [{ authToken: [] }] }, operation([]))).toBe('none');
    expect(securityOf(document, operation())).toBe('none');
  });

  it.each([
    [[{}]],
    [[{}, { authToken: [] }]],
    [[{ basicAuth: [], authToken: [] }]],
    [[{ basicAuth: [] }, { authToken: [] }]],
    [[{ otherHeader: [] }]],
    [[{ bearer: [] }]],
    [[{ undeclared: [] }]],
  ])('refuses %j, which the API client would not know how to send', (security) => {
    expect(() => securityOf(document, operation(security))).toThrow(/neither HTTP basic, X-Auth-Token nor none/);
  });

  it('gives every generated row the security its operation declares', () => {
    const declared = new Map(listOperations(bundle).map(({ operation }) => [operation.operationId, operation.security]));
    for (const [operationId, , , security] of operationRows) {
      const names = (declared.get(operationId) ?? []).flatMap((requirement) => Object.keys(requirement));
      expect(security, operationId).toBe(names.includes('basicAuth') ? 'basic' : names.includes('authToken') ? 'token' : 'none');
    }
    expect(operationRows.filter((row) => row[3] === 'basic').map(([operationId]) => operationId)).toEqual([
      'authenticate',
      'signInWithRecoveryCode',
    ]);
  });
});

describe('the modules codegen writes', () => {
  /** Every export's literal, parsed as JSON: what is left of the module is comments. */
  function exportsOf(source) {
    const found = {};
    const rest = source.replace(/^export const (\w+) = ([[{][\s\S]*?\n[\]}]) as const;$/gm, (_, name, literal) => {
      found[name] = JSON.parse(literal);
      return '';
    });
    expect(rest.split('\n').filter((line) => line.trim() !== '' && !/^\s*(\/\/|\/\*\*.*\*\/$)/.test(line))).toEqual([]);
    return found;
  }

  it.each(['operations.ts', 'first-screen.ts'])('generated/%s holds JSON literals and comments only', (file) => {
    const exported = exportsOf(readFileSync(join(root, 'generated', file), 'utf8'));
    expect(Object.keys(exported).length).toBeGreaterThan(0);
  });

  it('writes any string of the contract as a literal', () => {
    const hostile = `"]; import('evil'); //\n*/ \${x}`;
    const source = dataModule(['a test'], [{ doc: 'rows', name: 'rows', value: [[hostile, 1, null]] }]);
    expect(exportsOf(source)).toEqual({ rows: [[hostile, 1, null]] });
  });

  it('renders the rows generated/operations.ts holds', () => {
    expect(readFileSync(join(root, 'generated', 'operations.ts'), 'utf8')).toBe(renderOperations(root, bundle));
  });
});
