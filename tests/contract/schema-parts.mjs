// The parts of each operation orval generates a zod schema for (body, answer, path, query and
// header parameters), each with its JSON Schema and its named examples, and the strings in an
// example that a `pattern` or `format` governs: what the pattern tests compare zod and ajv on.
import { pointer } from '@signin-portal/verify-gateway/contract-validator';
import { deref } from './contract-helpers.mjs';

function exampleOf(parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const schema = deref(parameter.schema);
  if (schema?.examples?.length) return schema.examples[0];
  if (schema?.enum?.length) return schema.enum[0];
  return undefined;
}

/**
 * The parts orval generates a zod schema for: { name (the zod export), fragment (its JSON
 * pointer in the bundle, when it has one), schema, values (the named examples) }.
 */
export function partsOf({ path, method, operation }) {
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

/**
 * Every string of `value` that a `pattern` or a `format` applies to:
 * [{ path, pattern, format, schema }], `schema` being the string's own (resolved) schema.
 */
export function constrainedLeaves(schema, value, path = [], found = []) {
  const resolved = deref(schema);
  if (!resolved || typeof resolved !== 'object') return found;
  if (typeof value === 'string' && (typeof resolved.pattern === 'string' || typeof resolved.format === 'string')) {
    found.push({ path, pattern: resolved.pattern, format: resolved.format, schema: resolved });
  }
  for (const keyword of ['allOf', 'oneOf', 'anyOf'])
    for (const branch of resolved[keyword] ?? []) constrainedLeaves(branch, value, path, found);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (resolved.properties?.[key]) constrainedLeaves(resolved.properties[key], child, [...path, key], found);
    }
  }
  if (Array.isArray(value) && resolved.items)
    value.forEach((child, index) => constrainedLeaves(resolved.items, child, [...path, index], found));
  return found;
}

/** `value` with the string at `path` replaced. */
export function replaced(value, path, replacement) {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)] = replacement;
  return copy;
}

/** Every distinct pattern and format of the bundle's schemas (examples aside). */
export function bundleRules(bundle) {
  const patterns = new Set();
  const formats = new Set();
  const walk = (node, key) => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child));
    // Response headers have no generated zod (the kit checks them, the portal never reads them).
    if (!node || typeof node !== 'object' || key === 'examples' || key === 'example' || key === 'headers') return;
    const isSchema = node.type !== undefined || node.maxLength !== undefined;
    if (typeof node.pattern === 'string' && isSchema) patterns.add(node.pattern);
    // A string's format only: an integer's (int32, int64) names its size, and the integer's
    // minimum and maximum, which zod and ajv both check, bound it.
    if (typeof node.format === 'string' && isSchema && node.type !== 'integer') formats.add(node.format);
    for (const [childKey, child] of Object.entries(node)) walk(child, childKey);
  };
  walk(bundle.paths);
  walk(bundle.components);
  return { patterns, formats };
}
