// @vitest-environment node
// Every `pattern` of the bundle means the same in the generated zod as in a JSON Schema
// validator (ajv, draft 2020-12, with formats). orval copies patterns into `new RegExp(...)`
// and reads one that starts or ends with `/` as a regex literal, dropping the slash: the
// contract's `^otpauth://totp/` became `^otpauth://totp`, which also accepts `otpauth://totpX`.
// For each generated schema (body, response, path, query, header), each named example is
// checked by both, then every string a pattern governs in it is mutated (each character
// replaced, removed, doubled; prefixes and suffixes; targeted negatives) and both must agree.
import { beforeAll, describe, expect, it } from 'vitest';
import { patternsOrvalMangles } from '../../scripts/codegen.mjs';
import { contractAjv } from '@signin-portal/verify-gateway/contract-validator';
import { bundle, kebab, loadZodModules, operations } from './contract-helpers.mjs';
import { bundleRules, constrainedLeaves, partsOf, replaced } from './schema-parts.mjs';

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

let zodModules;
let contract;

beforeAll(async () => {
  zodModules = await loadZodModules();
  contract = contractAjv(bundle);
}, 60_000);

const all = operations().map((entry) => [entry.operation.operationId, entry]);

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
        for (const { path, pattern } of constrainedLeaves(part.schema, value).filter((leaf) => leaf.pattern !== undefined)) {
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
    expect([...bundleRules(bundle).patterns].filter((pattern) => !exercised.has(pattern))).toEqual([]);
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
