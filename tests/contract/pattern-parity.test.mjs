// @vitest-environment node
// Every `pattern` of the bundle means the same in the generated zod as in a JSON Schema
// validator (ajv, draft 2020-12, with formats). orval copies patterns into `new RegExp(...)`
// and reads one that starts or ends with `/` as a regex literal, dropping the slash: the
// contract's `^otpauth://totp/` became `^otpauth://totp`, which also accepts `otpauth://totpX`.
// For each generated schema (body, response, path, query, header), each named example is
// checked by both, then every string a pattern governs in it is mutated (each character
// replaced, removed, doubled; prefixes and suffixes; targeted negatives) and both must agree.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { patternsOrvalMangles } from '../../scripts/codegen.mjs';
import { contractAjv, pointer } from '../../scripts/contract-validator.mjs';
import { bundle, deref, operations, root } from './contract-helpers.mjs';

/** Strings each pattern must judge alike; mostly ones it must refuse. */
const TARGETED = [
  'otpauth://totpX/Example:jsmith?secret=JBSWY3DPEHPK3PXP',
  'otpauth://totp',
  'otpauth://totp/',
  'otpauth://hotp/Example:jsmith?secret=JBSWY3DPEHPK3PXP',
  'otpauth://totp/Example:jsmith?issuer=Example',
  'otpauth://totp/Example:jsmith?secret=JBSWY3DPEHPK3PXP#x',
  'otpauth://totp/Example jsmith?secret=JBSWY3DPEHPK3PXP',
  'jane@example..com',
  '.jane@example.com',
  'jane..doe@example.com',
  'ja<ne>@example.com',
  'jane@exa_mple.com',
  'jane@-example.com',
  'a,b@example.com',
  '..',
  '1.2',
  '100%2f245',
  'abc=def',
  'q83vEjRWeJA+/w==',
  '06101-1234',
  '061011234',
  '0610',
  'Aaaa1bcd',
  '/',
  '',
];

const STRING_MUTATION_CAP = 60;

function mutations(text) {
  const out = new Set([
    '',
    `${text}X`,
    `X${text}`,
    `${text}/`,
    `/${text}`,
    `${text} `,
    ` ${text}`,
    `${text}\n`,
    text.toUpperCase(),
    text.toLowerCase(),
  ]);
  const positions = [...Array(text.length).keys()];
  const sampled = positions.length > STRING_MUTATION_CAP ? [...positions.slice(0, 40), ...positions.slice(-20)] : positions;
  for (const at of sampled) {
    for (const replacement of ['X', '/', ' ', '.', '-', '=']) out.add(text.slice(0, at) + replacement + text.slice(at + 1));
    out.add(text.slice(0, at) + text.slice(at + 1));
    out.add(text.slice(0, at) + text[at] + text.slice(at));
  }
  for (const targeted of TARGETED) out.add(targeted);
  out.delete(text);
  return [...out];
}

/** Every string of `value` a `pattern` applies to: [{ path, pattern }]. */
function patternLeaves(schema, value, path = [], found = []) {
  const resolved = deref(schema);
  if (!resolved || typeof resolved !== 'object') return found;
  if (typeof value === 'string' && typeof resolved.pattern === 'string') found.push({ path, pattern: resolved.pattern });
  for (const keyword of ['allOf', 'oneOf', 'anyOf'])
    for (const branch of resolved[keyword] ?? []) patternLeaves(branch, value, path, found);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (resolved.properties?.[key]) patternLeaves(resolved.properties[key], child, [...path, key], found);
    }
  }
  if (Array.isArray(value) && resolved.items)
    value.forEach((child, index) => patternLeaves(resolved.items, child, [...path, index], found));
  return found;
}

function replaced(value, path, replacement) {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)] = replacement;
  return copy;
}

function exampleOf(parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const schema = deref(parameter.schema);
  if (schema?.examples?.length) return schema.examples[0];
  if (schema?.enum?.length) return schema.enum[0];
  return undefined;
}

/** The parts orval generates a zod schema for, each with its JSON Schema and its examples. */
function partsOf({ path, method, operation }) {
  const id = operation.operationId;
  const base = ['paths', path, method.toLowerCase()];
  const parts = [];
  const body = deref(operation.requestBody)?.content?.['application/json'];
  if (body) {
    parts.push({
      name: `${id}Body`,
      fragment: pointer(...base, 'requestBody', 'content', 'application/json', 'schema'),
      schema: body.schema,
      values: Object.values(body.examples ?? {}).map((example) => deref(example).value),
    });
  }
  const [status, response] = Object.entries(operation.responses).find(([code]) => code === '200') ?? [];
  const json = deref(response)?.content?.['application/json'];
  if (json) {
    const responseRef = operation.responses[status].$ref;
    const fragment = responseRef
      ? `${responseRef}/content/application~1json/schema`
      : pointer(...base, 'responses', status, 'content', 'application/json', 'schema');
    parts.push({
      name: `${id}Response`,
      fragment,
      schema: json.schema,
      values: Object.values(json.examples ?? {}).map((example) => deref(example).value),
    });
  }
  const parameters = (operation.parameters ?? []).map(deref);
  for (const [location, suffix] of [
    ['path', 'Params'],
    ['query', 'QueryParams'],
    ['header', 'Header'],
  ]) {
    const own = parameters.filter((parameter) => parameter.in === location);
    if (!own.length) continue;
    const schema = {
      type: 'object',
      properties: Object.fromEntries(own.map((parameter) => [parameter.name, parameter.schema])),
      required: own.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    };
    const value = {};
    for (const parameter of own) {
      const example = exampleOf(parameter);
      if (example !== undefined) value[parameter.name] = example;
    }
    parts.push({ name: `${id}${suffix}`, schema, values: [value] });
  }
  return parts;
}

const zodModules = {};
let contract;

beforeAll(async () => {
  for (const tag of readdirSync(join(root, 'generated', 'zod'))) {
    zodModules[tag] = await import(/* @vite-ignore */ join(root, 'generated', 'zod', tag, `${tag}.zod.ts`));
  }
  contract = contractAjv(bundle);
}, 60_000);

const kebab = (tag) => tag.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const all = operations().map((entry) => [entry.operation.operationId, entry]);

/** Every distinct pattern of the bundle. */
function bundlePatterns() {
  const found = new Set();
  const walk = (node, key) => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child));
    // Response headers (`Retry-After`, `RateLimit`) have no generated zod schema: ajv alone reads them.
    if (!node || typeof node !== 'object' || key === 'examples' || key === 'example' || key === 'headers') return;
    if (typeof node.pattern === 'string' && (node.type !== undefined || node.maxLength !== undefined)) found.add(node.pattern);
    for (const [childKey, child] of Object.entries(node)) walk(child, childKey);
  };
  walk(bundle.paths);
  walk(bundle.components);
  return found;
}

const exercised = new Set();

describe('patterns judge alike in the generated zod and in JSON Schema', () => {
  it.each(all)('%s', (_, entry) => {
    const module = zodModules[kebab(entry.operation.tags[0])];
    for (const part of partsOf(entry)) {
      const zodSchema = module?.[part.name];
      if (!zodSchema) continue;
      const validate = part.fragment ? contract.validatorAt(part.fragment) : contract.validatorFor(part.schema);
      const disagreements = [];
      for (const value of part.values) {
        // The named examples themselves are valid for both.
        expect(validate(value), `${part.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(zodSchema.safeParse(value).success, part.name).toBe(true);
        for (const { path, pattern } of patternLeaves(part.schema, value)) {
          exercised.add(pattern);
          for (const mutated of mutations(String(path.reduce((node, key) => node[key], value)))) {
            const candidate = replaced(value, path, mutated);
            const byAjv = validate(candidate);
            const byZod = zodSchema.safeParse(candidate).success;
            if (byAjv !== byZod)
              disagreements.push(`${part.name} ${path.join('.')} = ${JSON.stringify(mutated)}: ajv ${byAjv}, zod ${byZod}`);
          }
        }
      }
      expect(disagreements).toEqual([]);
    }
  });

  it('exercised every pattern of the bundle', () => {
    expect([...bundlePatterns()].filter((pattern) => !exercised.has(pattern))).toEqual([]);
    expect(exercised.size).toBeGreaterThan(8);
  });
});

describe('the codegen guard', () => {
  it('refuses a pattern orval would cut short, and finds none in the contract', () => {
    const schemas = {
      A: { type: 'string', pattern: '^otpauth://totp/' },
      B: { type: 'string', pattern: '/a$' },
      C: { type: 'string', pattern: '^a/b$' },
    };
    expect(patternsOrvalMangles({ paths: {}, components: { schemas } })).toEqual([
      '#/components/schemas/A: ^otpauth://totp/',
      '#/components/schemas/B: /a$',
    ]);
    expect(patternsOrvalMangles(bundle)).toEqual([]);
  });
});
