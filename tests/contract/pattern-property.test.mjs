// @vitest-environment node
// A property test: for every string the bundle constrains with a `pattern` or a `format`, the
// generated zod (the portal) and ajv on the bundle (JSON Schema 2020-12 with formats, as the
// verification kit reads it) give the same verdict on generated strings. fast-check generates,
// for each such string in each operation's body, answer and parameters: strings matching the
// pattern (fast-check cannot generate lookarounds, so it matches the pattern without them, and
// both judges decide the rest), those strings mutated (a character inserted, removed or
// replaced, from a set of troublemakers), strings at and around the schema's length limit, and
// arbitrary strings. Each goes into the operation's example in place of the original, and the
// whole value is judged, as the portal and the kit judge it.
//
// Reproducible: the seed is fixed (FC_SEED overrides it, FC_RUNS the number of runs per
// string); a failure prints the smallest disagreeing string fast-check found.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractAjv } from '@signin-portal/verify-gateway/contract-validator';
import { bundle, kebab, loadZodModules, operations } from './contract-helpers.mjs';
import { bundleRules, constrainedLeaves, partsOf, replaced } from './schema-parts.mjs';

const SEED = Number(process.env.FC_SEED ?? 20261125);
const RUNS = Number(process.env.FC_RUNS ?? 300);

/** Characters that break patterns in telling ways: separators, edges, spaces, controls, non-ASCII, astral. */
const TROUBLEMAKERS = [
  '@',
  '.',
  '-',
  '_',
  '/',
  '?',
  '#',
  '=',
  '+',
  '%',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '"',
  "'",
  'é',
  'ß',
  '\u200b',
  '１',
  '😀',
  '𝟘',
];

/**
 * The pattern without its lookaheads and lookbehinds (and backreferences, which only occur in
 * them here), which fast-check's stringMatching cannot generate: a wider pattern, so the strings
 * it gives are near the pattern, on both sides of it.
 */
function withoutLookarounds(pattern) {
  let out = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      out += pattern.slice(index, index + 2);
      index += 1;
    } else if (char === '[') {
      // A character class: copied whole, its brackets and parentheses are literal.
      let end = index + 1;
      if (pattern[end] === '^') end += 1;
      if (pattern[end] === ']') end += 1;
      while (pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      out += pattern.slice(index, end + 1);
      index = end;
    } else if (/^\(\?<?[=!]/.test(pattern.slice(index, index + 4))) {
      let depth = 0;
      let end = index;
      for (; end < pattern.length; end += 1) {
        if (pattern[end] === '\\') end += 1;
        else if (pattern[end] === '[') while (pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
        else if (pattern[end] === '(') depth += 1;
        else if (pattern[end] === ')' && (depth -= 1) === 0) break;
      }
      index = end;
    } else out += char;
  }
  return out;
}

/** Strings shaped like the format, valid or not: what a generator near the format gives. */
const FORMAT_NEAR = {
  date: fc.oneof(
    fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
  ),
};

/** A string with one character inserted, removed or replaced at some place. */
const mutated = (near) =>
  fc
    .tuple(near, fc.nat(), fc.constantFrom(...TROUBLEMAKERS), fc.constantFrom('insert', 'remove', 'replace'))
    .map(([text, at, char, how]) => {
      const index = text.length ? at % (text.length + (how === 'insert' ? 1 : 0)) : 0;
      if (how === 'insert') return text.slice(0, index) + char + text.slice(index);
      if (how === 'remove') return text.slice(0, index) + text.slice(index + 1);
      return text.slice(0, index) + char + text.slice(index + 1);
    });

/** Strings one below, at and one above the schema's length limit, from the near string's own characters or astral ones. */
const atTheLimit = (near, maxLength) =>
  fc.tuple(near, fc.integer({ min: -1, max: 1 }), fc.boolean()).map(([text, delta, astral]) => {
    const filler = astral ? [...'😀'] : [...(text || 'a')];
    const units = [...text];
    while (units.length < maxLength + delta) units.push(filler[units.length % filler.length]);
    return units.slice(0, maxLength + delta).join('');
  });

function candidates(leaf) {
  const near = leaf.pattern !== undefined ? fc.stringMatching(new RegExp(withoutLookarounds(leaf.pattern))) : FORMAT_NEAR[leaf.format];
  if (!near) throw new Error(`no generator for the format "${leaf.format}": add one to FORMAT_NEAR`);
  const arbitrary = [fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme-ascii', maxLength: 40 })];
  const limit = typeof leaf.schema.maxLength === 'number' ? [atTheLimit(near, leaf.schema.maxLength)] : [];
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: mutated(near), weight: 3 }, ...limit, ...arbitrary);
}

/** Each operation's constrained strings, once per part and place: [label, { part, value, leaf }]. */
function cases() {
  const found = new Map();
  for (const entry of operations()) {
    for (const part of partsOf(entry)) {
      for (const value of part.values) {
        for (const leaf of constrainedLeaves(part.schema, value)) {
          const label = `${part.name} ${leaf.path.join('.') || '(whole)'} ${leaf.pattern !== undefined ? 'pattern' : `format ${leaf.format}`}`;
          if (!found.has(label)) found.set(label, { tag: kebab(entry.operation.tags[0]), part, value, leaf });
        }
      }
    }
  }
  return [...found];
}

let zodModules;
let contract;
beforeAll(async () => {
  zodModules = await loadZodModules();
  contract = contractAjv(bundle);
}, 60_000);

const all = cases();
const covered = { patterns: new Set(), formats: new Set() };

describe('zod and JSON Schema agree on generated strings', () => {
  it('finds strings to generate', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all)('%s', (_, { tag, part, value, leaf }) => {
    const zodSchema = zodModules[tag]?.[part.name];
    expect(zodSchema, `generated/zod/${tag} exports ${part.name}`).toBeDefined();
    const validate = part.fragment ? contract.validatorAt(part.fragment) : contract.validatorFor(part.schema);
    const seen = { true: 0, false: 0 };
    fc.assert(
      fc.property(candidates(leaf), (text) => {
        const candidate = replaced(value, leaf.path, text);
        const byAjv = validate(candidate);
        const byZod = zodSchema.safeParse(candidate).success;
        seen[byAjv] += 1;
        return byAjv === byZod;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Generation near the rule reached both sides of it.
    expect(seen.true, 'strings the rule accepts').toBeGreaterThan(0);
    expect(seen.false, 'strings the rule refuses').toBeGreaterThan(0);
    if (leaf.pattern !== undefined) covered.patterns.add(leaf.pattern);
    if (leaf.format !== undefined) covered.formats.add(leaf.format);
  });

  it('covered every pattern and format of the bundle', () => {
    const { patterns, formats } = bundleRules(bundle);
    expect([...patterns].filter((pattern) => !covered.patterns.has(pattern))).toEqual([]);
    expect([...formats].filter((format) => !covered.formats.has(format))).toEqual([]);
  });
});

describe('withoutLookarounds', () => {
  it('drops lookaheads and lookbehinds, and keeps classes and escapes whole', () => {
    expect(withoutLookarounds('^(?=[^@]{1,64}@)[a-z]+@[a-z]+$')).toBe('^[a-z]+@[a-z]+$');
    expect(withoutLookarounds('^(?=.*[A-Z])(?!.*(.)\\1\\1)[A-Za-z(]{8,16}$')).toBe('^[A-Za-z(]{8,16}$');
    expect(withoutLookarounds('^a\\(?=b(?<!c)$')).toBe('^a\\(?=b$');
  });
});
