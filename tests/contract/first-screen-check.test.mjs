// @vitest-environment node
// The first screen's answers are checked by common/schema-check.js against the schemas
// codegen writes into generated/first-screen.ts, not by zod. This holds that checker to ajv (JSON
// Schema 2020-12 with formats, on the contract itself) and to the generated zod, on every named
// example of those answers and on values made from them to break each rule: both must accept
// and refuse alike, and what the checker returns keeps only the properties the contract names,
// as zod's answer does.
import { describe, expect, it } from 'vitest';
import { getPublicBrandingResponse as zodBranding } from '../../generated/zod/branding/branding.zod';
import { getAnnouncementsResponse as zodAnnouncements } from '../../generated/zod/announcements/announcements.zod';
import { firstScreenSchemas } from '../../generated/first-screen';
import { CHECKED_KEYWORDS, checkedSchema } from '../../common/schema-check.js';
import { checkedSchemaOf, FIRST_SCREEN_OPERATIONS, renderFirstScreen } from '../../scripts/codegen.mjs';
import { contractAjv } from '@signin-portal/verify-gateway/contract-validator';
import { bundle, deref, operations, responseExamples } from './contract-helpers.mjs';

const ZOD = { getPublicBranding: zodBranding, getAnnouncements: zodAnnouncements };

/** Values made from a valid one, each breaking or bending one thing, at every depth. */
function variants(value) {
  const found = [];
  const at = (path, replace) => {
    const copy = structuredClone(value);
    if (path.length === 0) return replace(copy);
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key];
    const last = path.at(-1);
    const next = replace(node[last]);
    // A removed array item leaves no hole: JSON has none.
    if (next === DELETE && Array.isArray(node)) node.splice(Number(last), 1);
    else if (next === DELETE) delete node[last];
    else node[last] = next;
    return copy;
  };
  const visit = (node, path) => {
    for (const replacement of [null, 7, 7.5, '', 'x', true, [], {}]) found.push(at(path, () => replacement));
    if (path.length > 0) found.push(at(path, () => DELETE));
    if (typeof node === 'string') {
      found.push(
        at(path, (text) => text.repeat(30)),
        at(path, (text) => `${text}${'é'.repeat(2100)}`),
      );
      found.push(
        at(path, () => '😀'.repeat(200)),
        at(path, () => '😀'.repeat(201)),
        at(path, () => 'a'.repeat(200)),
        at(path, () => 'a'.repeat(201)),
      );
      for (const date of [
        '2024-02-29',
        '2023-02-29',
        '2026-13-01',
        '2026-00-10',
        '2026-04-31',
        '2026-4-1',
        '20261201',
        '2026-12-01T00:00:00Z',
      ]) {
        found.push(at(path, () => date));
      }
    }
    if (Array.isArray(node)) {
      found.push(
        at(path, (list) => [...list, ...list]),
        at(path, (list) => [list[0] ?? {}, 'item']),
      );
      node.forEach((item, index) => visit(item, [...path, index]));
    } else if (node && typeof node === 'object') {
      found.push(at(path, (object) => ({ ...object, extraField: 'extra' })));
      for (const [key, child] of Object.entries(node)) visit(child, [...path, key]);
    }
  };
  visit(value, []);
  return found;
}
const DELETE = Symbol('delete');

describe.each(FIRST_SCREEN_OPERATIONS)('%s: the first screen checks its answer as the contract says', (operationId) => {
  const { operation } = operations().find((entry) => entry.operation.operationId === operationId);
  const examples = responseExamples(operation).filter((example) => example.status >= 200 && example.status < 300);
  const response = deref(Object.entries(operation.responses).find(([status]) => /^2/.test(status))[1]);
  const schema = Object.values(response.content).find((media) => media.schema).schema;
  const ajv = contractAjv(bundle).validatorFor(schema);
  const checker = checkedSchema(firstScreenSchemas[`${operationId}Response`]);
  const zod = ZOD[operationId];

  it('has named examples to start from', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it('accepts every named example, returning what zod returns', () => {
    for (const example of examples) {
      expect(ajv(example.value), example.name).toBe(true);
      const checked = checker.safeParse(example.value);
      expect(checked.success, example.name).toBe(true);
      expect(checked.success && checked.data).toEqual(zod.parse(example.value));
    }
  });

  it('judges every variant of every example as ajv does, and zod where the contract leaves it no choice', () => {
    let refused = 0;
    for (const example of examples) {
      for (const value of variants(example.value)) {
        const expected = ajv(value);
        const checked = checker.safeParse(value);
        expect(checked.success, JSON.stringify(value).slice(0, 300)).toBe(expected);
        if (!expected) refused += 1;
        // zod counts UTF-16 units where JSON Schema counts code points, and takes any number for
        // an integer: those two are the contract's stricter reading; elsewhere the two agree.
        const ambiguous = /😀|7\.5/.test(JSON.stringify(value));
        if (!ambiguous) expect(zod.safeParse(value).success, JSON.stringify(value).slice(0, 300)).toBe(expected);
        if (checked.success) expect(checked.data).toEqual(zod.parse(value));
      }
    }
    expect(refused).toBeGreaterThan(10);
  });
});

/** Each keyword the checker knows, with values on both sides of it. */
const KEYWORD_CASES = [
  [{ type: 'string' }, ['a', '', 1, null, [], {}, true]],
  [{ type: ['string', 'null'] }, ['a', null, 0, false]],
  [{ type: 'integer' }, [1, -3, 1.5, 2.0, '1', null]],
  [{ type: 'number' }, [1, 1.5, '1.5', -0.25]],
  [{ type: 'boolean' }, [true, false, 0, 'true']],
  [
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    [{ a: 'x' }, {}, { a: 1 }, { b: 'x' }, { a: 'x', b: 2 }, []],
  ],
  [{ type: 'object', required: ['a'] }, [{ a: null }, {}]],
  [{ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, [{ a: 'x' }, {}, { b: 1 }, { a: 'x', b: 2 }]],
  [{ type: 'array', items: { type: 'integer' } }, [[1], [], [1, 2, 3], [1, 'x'], [1.5], {}]],
  [{ type: 'array', items: { type: 'integer' }, maxItems: 2 }, [[1], [], [1, 2], [1, 2, 3]]],
  [{ type: 'number', minimum: 0, maximum: 10 }, [0, 10, -1, 10.5, 5]],
  [{ type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 }, [1, 0, 2 ** 31 - 1, 2 ** 31]],
  [{ type: 'string', minLength: 2, maxLength: 3 }, ['a', 'ab', 'abcd', '😀😀', '😀😀😀😀', 'é']],
  [{ type: 'string', pattern: '^(?:/[A-Za-z0-9_-]+)*$' }, ['', '/qa', '/qa/eu-1', 'qa', '/qa/', '/q a']],
  [{ type: 'string', pattern: '^.{2}$' }, ['ab', '😀😀', 'abc']],
  [{ type: 'string', format: 'date' }, ['2024-02-29', '2023-02-29', '2026-12-31', '2026-12-32', '2026-1-01', 'x']],
];

describe('common/schema-check.js on every keyword it knows', () => {
  it('covers each keyword', () => {
    const used = new Set(KEYWORD_CASES.flatMap(([schema]) => Object.keys(schema)));
    expect([...CHECKED_KEYWORDS].filter((keyword) => !used.has(keyword))).toEqual([]);
  });

  it.each(KEYWORD_CASES)('judges %o as ajv does', (schema, values) => {
    const ajv = contractAjv(bundle).validatorFor(schema);
    for (const value of values) expect(checkedSchema(schema).safeParse(value).success, JSON.stringify(value)).toBe(ajv(value));
  });

  it('names the path and the rule of each issue, and keeps only named properties', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } } },
    };
    const result = checkedSchema(schema).safeParse({ list: [{ n: 1, extra: true }, { n: 'x' }], other: 1 });
    expect(result).toEqual({ success: false, error: { issues: [{ path: ['list', 1, 'n'], message: 'expected integer, got string' }] } });
    expect(checkedSchema(schema).safeParse({ list: [{ n: 1, extra: true }], other: 1 })).toEqual({
      success: true,
      data: { list: [{ n: 1 }] },
    });
  });
});

describe('codegen for the first screen', () => {
  it('writes what generated/first-screen.ts holds', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { root } = await import('./contract-helpers.mjs');
    expect(readFileSync(join(root, 'generated', 'first-screen.ts'), 'utf8')).toBe(renderFirstScreen(root, bundle));
  });

  it('writes an int32 integer as its range, which the checker judges as ajv judges the format', () => {
    const checked = checkedSchemaOf({}, { type: 'integer', format: 'int32', minimum: 1 }, 'test');
    expect(checked).toEqual({ type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 });
    const ajv = contractAjv(bundle).validatorFor({ type: 'integer', format: 'int32', minimum: 1 });
    for (const value of [1, 0, 2 ** 31 - 1, 2 ** 31, 1.5])
      expect(checkedSchema(checked).safeParse(value).success, String(value)).toBe(ajv(value));
  });

  it.each([
    [{ type: 'string', format: 'email' }, /format "email"/],
    [{ type: 'object', additionalProperties: {} }, /additionalProperties/],
    [{ enum: ['a'] }, /does not check "enum"/],
    [{ oneOf: [{ type: 'string' }] }, /does not check "oneOf"/],
    [{ type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } }, /recursive/],
  ])('refuses a schema the checker would not check in full: %o', (schema, message) => {
    const document = { components: { schemas: { Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } } } } };
    expect(() => checkedSchemaOf(document, schema, 'test')).toThrow(message);
  });
});
