// @ts-check
// A checker of JSON values against the contract's own JSON Schema, for the first screen's
// answers (the public branding and the announcements): codegen writes their schemas, taken from
// generated/openapi.json, into generated/first-screen.ts, so the first screen checks its answers
// without loading zod (25 KB of the first screen's budget). Every other answer is checked by its
// generated zod schema. Plain JavaScript with JSDoc types (checked by tsc), so codegen can ask
// which keywords it knows.
//
// The deployment's configuration in the page (openapi/portal-config.schema.json, read by
// src/lib/env.ts before the first screen) is checked by it too.
//
// It knows the keywords those schemas use and nothing else: codegen and the configuration's
// Vite plugin refuse a schema that uses another one (a wider contract then fails loudly, and the
// checker learns the keyword, with its cases in the test, instead of passing it unchecked). What
// it returns is what zod would: the value with only the properties the schema names. Lengths are
// counted in code points and patterns run with the `u` flag, as JSON Schema (and ajv) have it;
// tests/contract/first-screen-check.test.mjs holds it to ajv on the contract's examples and on
// values made to break each rule.

/** The keywords checked; `additionalProperties` only as `false`, `format` only as `date`. */
export const CHECKED_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'format',
];

/** Keywords that only describe: ignored. */
export const ANNOTATION_KEYWORDS = ['description', 'title', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly'];

/**
 * The subset of JSON Schema the checker reads.
 * @typedef {object} CheckedSchema
 * @property {string | readonly string[]} [type]
 * @property {Readonly<Record<string, CheckedSchema>>} [properties]
 * @property {readonly string[]} [required]
 * @property {false} [additionalProperties]
 * @property {CheckedSchema} [items]
 * @property {number} [maxItems]
 * @property {number} [minLength]
 * @property {number} [maxLength]
 * @property {string} [pattern]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {'date'} [format]
 */

/** @typedef {{ readonly path: readonly PropertyKey[], readonly message: string }} SchemaIssue */

/**
 * The result of checking a value against a response schema (a subset of zod's `safeParse`).
 * @typedef {{ readonly success: true, readonly data: unknown }
 *   | { readonly success: false, readonly error: { readonly issues: readonly SchemaIssue[] } }
 * } SchemaResult
 */

/**
 * What the API client checks a 2xx answer with: this checker, or a generated zod schema, of
 * which the client needs only `safeParse`.
 * @typedef {{ safeParse(value: unknown): SchemaResult }} ResponseSchema
 */

/** @param {unknown} value */
function typeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A calendar date `YYYY-MM-DD` that exists (RFC 3339 full-date). @param {string} value */
function isDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * Checks value against schema, adding an issue per broken rule; returns the value with only the
 * named properties of every object.
 * @param {CheckedSchema} schema
 * @param {unknown} value
 * @param {PropertyKey[]} path
 * @param {SchemaIssue[]} issues
 * @returns {unknown}
 */
function walk(schema, value, path, issues) {
  /** @param {string} message */
  const fail = (message) => void issues.push({ path, message });
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => type === actual || (type === 'number' && actual === 'integer'))) {
      fail(`expected ${types.join(' or ')}, got ${actual}`);
      return value;
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) fail(`at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && length > schema.maxLength) fail(`at most ${schema.maxLength} characters`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) fail(`does not match ${schema.pattern}`);
    if (schema.format === 'date' && !isDate(value)) fail('not a date (YYYY-MM-DD)');
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`at most ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`at most ${schema.maxItems} items`);
    const items = schema.items;
    return items ? value.map((item, index) => walk(items, item, [...path, index], issues)) : value;
  }
  if (actual === 'object') {
    const object = /** @type {Record<string, unknown>} */ (value);
    const properties = schema.properties ?? {};
    for (const name of schema.required ?? []) if (!Object.hasOwn(object, name)) issues.push({ path: [...path, name], message: 'required' });
    if (schema.additionalProperties === false) {
      for (const name of Object.keys(object))
        if (!Object.hasOwn(properties, name)) issues.push({ path: [...path, name], message: 'not allowed' });
    }
    if (!schema.properties) return value;
    /** @type {Record<string, unknown>} */
    const kept = {};
    for (const [name, property] of Object.entries(properties)) {
      if (Object.hasOwn(object, name)) kept[name] = walk(property, object[name], [...path, name], issues);
    }
    return kept;
  }
  return value;
}

/**
 * A response schema (what the API client calls: `safeParse`, as zod's) from a JSON Schema.
 * @param {CheckedSchema} schema
 * @returns {ResponseSchema}
 */
export function checkedSchema(schema) {
  return {
    safeParse(value) {
      /** @type {SchemaIssue[]} */
      const issues = [];
      const data = walk(schema, value, [], issues);
      return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
    },
  };
}
