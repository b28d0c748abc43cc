// Requests generated from the contract's request schemas with fast-check, the way Schemathesis
// does in Python: for one operation of the bundle, arbitraries of VALID requests (path, query and
// header parameters and a JSON body, from their JSON Schemas) and of INVALID ones, each labelled
// with what was broken; `fuzzOperation` runs both as properties against a gateway (through an
// injected `send`, the kit's transport), judges every answer with the kit's own checks, and
// returns the smallest failing request fast-check shrinks to, with its curl command.
// Reproducible with a seed.
import fc from 'fast-check';
import { contractAjv } from './contract-validator.mjs';
import { resolveRef } from './openapi-document.mjs';
import { checkAnswer } from './checks.mjs';
import { loadContract } from './contract.mjs';
import { curlOf } from './redact.mjs';

/**
 * @typedef {object} OperationEntry An operation of the bundle, as `listOperations` gives it.
 * @property {string} path The path template, e.g. `/login-gateway/user/{userId}/contact`.
 * @property {string} method Upper case.
 * @property {any} operation The OpenAPI operation object (with `operationId`).
 */

/**
 * @typedef {'missing-required' | 'wrong-type' | 'pattern' | 'oversized' | 'out-of-range' | 'enum' | 'malformed-json' | 'content-type'} InvalidKind
 * What an invalid request breaks: a required parameter or property left out, a value of another
 * JSON type, a string that breaks its `pattern` (or `format`), a string or array longer than its
 * bound, a number outside its bounds, a value outside its `enum`, a body that is not JSON, or a
 * body in a media type the operation does not take.
 */

/**
 * @typedef {object} GeneratedRequest A request as generated, before it goes on the wire.
 * @property {string} operationId
 * @property {string} method
 * @property {Record<string, string>} pathParams Decoded values of the path's `{parameters}`.
 * @property {[string, string][]} query Name and value pairs, decoded.
 * @property {Record<string, string>} headers Header parameters, and `Content-Type` when a body is sent.
 * @property {unknown} [body] The JSON body; absent when none is sent.
 * @property {string} [bodyText] The raw body, when it is not `JSON.stringify(body)` (a malformed one).
 * @property {{ kind: InvalidKind, where: string }} [invalid] What was broken, and where
 *   (`body/email`, `query role`, `header twilioMfaCode`, `path userId`, `body`).
 */

/**
 * @typedef {object} HttpRequest A request ready to send: what `send` receives.
 * @property {string} operationId
 * @property {string} method
 * @property {string} url The path and query, percent-encoded, relative to the gateway's base.
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

/**
 * @typedef {import('./transport.mjs').Answer} Answer What `send` resolves to: the kit's answer
 *   (its transport's `sendRequest`), which the judge holds to the contract.
 * @typedef {import('./checks.mjs').Violation} Violation
 */

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD']);

/** Visible ASCII: header values must survive HTTP (no control characters, no edge spaces). */
const HEADER_CHAR = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
/**
 * Mostly printable ASCII, sometimes a control character or any other code point (never half a
 * surrogate pair): each unit is one code point, as JSON Schema counts a string's length. Built
 * from integers: fast-check's 'binary' unit maps every code point up front, seconds per string.
 */
const TEXT_CHAR = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x00, max: 0x1f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0xa0, max: 0x10ffff }).filter((code) => code < 0xd800 || code > 0xdfff) },
  )
  .map((code) => String.fromCodePoint(code));
/** How far past their lower bound free strings and arrays grow: enough to vary, small enough to send fast. */
const SPREAD = 24;

const codePoints = (text) => [...text].length;
const schemaTypes = (schema) => {
  if (schema.type !== undefined) return [schema.type].flat();
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  if (schema.pattern !== undefined || schema.format !== undefined || schema.maxLength !== undefined || schema.minLength !== undefined)
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
};

/**
 * Drops the lookarounds right after `^` (fast-check's stringMatching does not implement them),
 * so the rest can be generated and the whole pattern then filters what comes out.
 */
export function withoutLeadingLookarounds(pattern) {
  if (!pattern.startsWith('^')) return undefined;
  let rest = pattern.slice(1);
  let stripped = false;
  while (rest.startsWith('(?=') || rest.startsWith('(?!')) {
    let depth = 0;
    let inClass = false;
    let end = -1;
    for (let index = 0; index < rest.length; index += 1) {
      const char = rest[index];
      if (char === '\\') {
        index += 1;
        continue;
      }
      if (inClass) {
        if (char === ']') inClass = false;
        continue;
      }
      if (char === '[') inClass = true;
      else if (char === '(') depth += 1;
      else if (char === ')') {
        depth -= 1;
        if (depth === 0) {
          end = index;
          break;
        }
      }
    }
    if (end < 0) return undefined;
    rest = rest.slice(end + 1);
    stripped = true;
  }
  return stripped ? `^${rest}` : undefined;
}

/**
 * The generation context of one bundle: schema resolution, compiled validators for the leaves
 * that need a filter (patterns with lookarounds, formats), and a check that such a filter
 * accepts enough values to be worth running.
 */
const contexts = new WeakMap();
function createContext(document) {
  let context = contexts.get(document);
  if (!context) {
    context = buildContext(document);
    contexts.set(document, context);
  }
  return context;
}

function buildContext(document) {
  const { validatorFor } = contractAjv(document);
  const validators = new Map();
  const validatorOf = (schema) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = validatorFor(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  /** A schema with its `$ref`s followed, sibling keywords kept (OpenAPI 3.1 allows both). */
  const resolve = (schema) => {
    if (!schema || typeof schema !== 'object') return schema ?? {};
    if (typeof schema.$ref !== 'string') return schema;
    const { $ref, ...siblings } = schema;
    const target = resolve(resolveRef(document, { $ref }));
    const constraining = Object.keys(siblings).filter(
      (key) => !['description', 'summary', 'examples', 'example', 'title', 'deprecated'].includes(key),
    );
    return constraining.length ? { allOf: [target, siblings] } : target;
  };
  /** Leaf string arbitraries by schema and location: building one may sample its filter. */
  const strings = new WeakMap();
  const breakers = new WeakMap();
  const flat = new WeakMap();
  return { resolve, validatorOf, strings, breakers, flat };
}

/** A filter that rejects almost everything would spin: refuse it while building, with a fixed seed. */
function acceptingEnough(arbitrary, accept, label) {
  const sample = fc.sample(arbitrary, { numRuns: 100, seed: 42 });
  const accepted = sample.filter(accept).length;
  if (accepted < 5) throw new Error(`cannot generate ${label}: only ${accepted} of 100 candidates fit`);
  return arbitrary.filter(accept);
}

/** Merges an `allOf` of simple schemas into one (properties and required united), for generation. */
function mergeAllOf(context, { allOf, ...merged }) {
  for (const part of allOf.map((item) => flatten(context, item))) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') merged.properties = { ...merged.properties, ...value };
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...value])];
      else if (key === 'maxLength' || key === 'maxItems' || key === 'maximum')
        merged[key] = merged[key] === undefined ? value : Math.min(merged[key], value);
      else if (key === 'minLength' || key === 'minItems' || key === 'minimum')
        merged[key] = merged[key] === undefined ? value : Math.max(merged[key], value);
      else merged[key] = value;
    }
  }
  return merged;
}

/** A schema with its `$ref`s followed and its `allOf` merged; the same object each time, so what is built from it is cached. */
function flatten(context, schema) {
  if (!schema || typeof schema !== 'object') return {};
  let flat = context.flat.get(schema);
  if (!flat) {
    const resolved = context.resolve(schema);
    flat = resolved.allOf ? mergeAllOf(context, resolved) : resolved;
    context.flat.set(schema, flat);
  }
  return flat;
}

function stringArbitrary(context, schema, location) {
  let cached = context.strings.get(schema);
  if (!cached) context.strings.set(schema, (cached = new Map()));
  if (!cached.has(location)) cached.set(location, buildStringArbitrary(context, schema, location));
  return cached.get(location);
}

function buildStringArbitrary(context, schema, location) {
  const minLength = Math.max(schema.minLength ?? 0, location === 'body' || location === 'query' ? 0 : 1);
  const maxLength = schema.maxLength ?? minLength + SPREAD;
  const label = `a string for ${JSON.stringify(schema.pattern ?? schema.format ?? 'text')}`;
  const fits = (value) => codePoints(value) >= minLength && context.validatorOf(schema)(value);
  const bounded = schema.maxLength === undefined ? {} : { maxLength: schema.maxLength };
  let base;
  if (schema.pattern !== undefined) {
    try {
      base = fc.stringMatching(new RegExp(schema.pattern, 'u'), bounded);
    } catch {
      const rest = withoutLeadingLookarounds(schema.pattern);
      if (rest === undefined) throw new Error(`cannot generate ${label}: fast-check cannot read the pattern`);
      base = fc.stringMatching(new RegExp(rest, 'u'), bounded);
    }
  } else if (schema.format === 'email') base = fc.emailAddress();
  else if (schema.format === 'date') base = dateArbitrary().map((date) => date.toISOString().slice(0, 10));
  else if (schema.format === 'date-time') base = dateArbitrary().map((date) => date.toISOString());
  else if (schema.format === 'uri' || schema.format === 'url') base = fc.webUrl();
  else if (schema.format === 'uuid') base = fc.uuid();
  if (base) return acceptingEnough(location === 'header' ? base.filter(isHeaderValue) : base, fits, label);
  const unit = location === 'header' ? HEADER_CHAR : TEXT_CHAR;
  const text = fc.string({ unit, minLength, maxLength: Math.min(maxLength, minLength + SPREAD) });
  return location === 'path' ? text.filter((value) => !/^\.{1,2}$/.test(value)) : text;
}

const dateArbitrary = () => fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
const isHeaderValue = (value) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);

function numberArbitrary(schema, integer) {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  if (integer) {
    let min = schema.minimum ?? (exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : -(2 ** 31));
    let max = schema.maximum ?? (exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : 2 ** 31 - 1);
    min = Math.ceil(min);
    max = Math.floor(max);
    if (schema.multipleOf) {
      const step = schema.multipleOf;
      return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((factor) => factor * step);
    }
    return fc.integer({ min, max });
  }
  const min = schema.minimum ?? exclusiveMin;
  const max = schema.maximum ?? exclusiveMax;
  return fc
    .double({ noNaN: true, noDefaultInfinity: true, ...(min !== undefined && { min }), ...(max !== undefined && { max }) })
    .filter((value) => (exclusiveMin === undefined || value > exclusiveMin) && (exclusiveMax === undefined || value < exclusiveMax))
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

/**
 * An arbitrary of values the schema accepts.
 * @param {ReturnType<typeof createContext>} context
 * @param {object} schema
 * @param {{ location?: 'body' | 'query' | 'header' | 'path', force?: (string | number)[] }} [options]
 *   `location` keeps values sendable there (header values in visible ASCII, no `.` or `..` path
 *   segment); `force` is a path of property names (and 0 for an array's first item) that must be
 *   present, so an invalid request can break what lies at its end.
 * @returns {fc.Arbitrary<unknown>}
 */
function valueArbitrary(context, schema, { location = 'body', force = [] } = {}) {
  const node = flatten(context, schema);
  if (node.const !== undefined) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  const branches = node.oneOf ?? node.anyOf;
  if (branches) {
    const validate = context.validatorOf(node);
    const options = branches.map((branch) =>
      valueArbitrary(context, { ...node, oneOf: undefined, anyOf: undefined, ...flatten(context, branch) }, { location }),
    );
    return acceptingEnough(fc.oneof(...options), (value) => validate(value), `a value of ${node.oneOf ? 'oneOf' : 'anyOf'}`);
  }
  const types = schemaTypes(node);
  const forType = (type) => {
    switch (type) {
      case 'string':
        return stringArbitrary(context, node, location);
      case 'integer':
        return numberArbitrary(node, true);
      case 'number':
        return numberArbitrary(node, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrayArbitrary(context, node, location, force);
      case 'object':
        return objectArbitrary(context, node, location, force);
      default:
        throw new Error(`cannot generate a value of type ${type}`);
    }
  };
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  // A forced path runs through the object or array branch of a nullable type.
  const chosen = force.length ? types.filter((type) => type === (typeof force[0] === 'number' ? 'array' : 'object')) : types;
  return fc.oneof(...chosen.map(forType));
}

function arrayArbitrary(context, schema, location, force) {
  const items = schema.items ?? {};
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? minLength + 5, minLength + 5);
  const item = valueArbitrary(context, items, { location });
  const array = (min, max) =>
    schema.uniqueItems
      ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (value) => JSON.stringify(value) })
      : fc.array(item, { minLength: min, maxLength: max });
  if (force[0] !== 0) return array(minLength, maxLength);
  const first = valueArbitrary(context, items, { location, force: force.slice(1) });
  const rest = array(Math.max(minLength - 1, 0), Math.max(maxLength - 1, 0));
  const combined = fc.tuple(first, rest).map(([head, tail]) => [head, ...tail]);
  return schema.uniqueItems
    ? combined.filter((values) => new Set(values.map((value) => JSON.stringify(value))).size === values.length)
    : combined;
}

function objectArbitrary(context, schema, location, force) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  if (typeof force[0] === 'string') required.add(force[0]);
  const model = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = valueArbitrary(context, property, { location, force: force[0] === name ? force.slice(1) : [] });
  }
  // A required property the schema does not describe: any JSON value.
  for (const name of required) if (!(name in model)) model[name] = fc.jsonValue({ maxDepth: 1 });
  return fc.record(model, { requiredKeys: [...required] });
}

/** The parameters of an operation, resolved, with their schemas flattened. */
function parametersOf(document, context, operation) {
  return (operation.parameters ?? []).map((parameter) => {
    const resolved = resolveRef(document, parameter);
    return { ...resolved, schema: flatten(context, resolved.schema ?? {}) };
  });
}

function jsonMediaOf(document, operation) {
  const requestBody = resolveRef(document, operation.requestBody);
  if (!requestBody?.content) return undefined;
  const [mediaType, media] = Object.entries(requestBody.content).find(([type]) => /[/+]json$/.test(type)) ?? [];
  return mediaType
    ? { mediaType, schema: media.schema ?? {}, required: requestBody.required === true, types: Object.keys(requestBody.content) }
    : undefined;
}

/** Parameter values travel as text. */
const asText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * An arbitrary of valid requests for one operation: every required parameter, some of the
 * optional ones, and a body when the operation takes one (always when it is required).
 * @param {object} document the bundle
 * @param {OperationEntry} entry
 * @param {{ force?: { location: string, name?: string, path?: (string | number)[] } }} [options]
 *   `force` keeps the named parameter, or the body and the properties along `path`, present.
 * @returns {fc.Arbitrary<GeneratedRequest>}
 */
export function validRequestArbitrary(document, entry, options = {}) {
  return buildValid(document, createContext(document), entry, options);
}

function buildValid(document, context, entry, { force } = {}) {
  const { operation, method } = entry;
  const parameters = parametersOf(document, context, operation);
  const forced = (parameter) => force && force.location === parameter.in && force.name === parameter.name;
  const valueOf = (parameter) => valueArbitrary(context, parameter.schema, { location: parameter.in }).map(asText);
  const pick = (where) =>
    fc.record(
      Object.fromEntries(parameters.filter((parameter) => parameter.in === where).map((parameter) => [parameter.name, valueOf(parameter)])),
      {
        requiredKeys: parameters
          .filter((parameter) => parameter.in === where && (parameter.required || forced(parameter)))
          .map((parameter) => parameter.name),
      },
    );
  const media = METHODS_WITHOUT_BODY.has(method) ? undefined : jsonMediaOf(document, operation);
  const bodyForced = force?.location === 'body';
  const body = media
    ? valueArbitrary(context, media.schema, { force: bodyForced ? (force.path ?? []) : [] }).map((value) => ({ value }))
    : fc.constant(undefined);
  return fc
    .record({
      pathParams: pick('path'),
      query: pick('query'),
      headers: pick('header'),
      body: media && !media.required && !bodyForced ? fc.option(body, { nil: undefined }) : body,
    })
    .map(({ pathParams, query, headers, body: sent }) => {
      /** @type {GeneratedRequest} */
      const request = {
        operationId: operation.operationId,
        method,
        pathParams,
        query: Object.entries(query),
        headers: { ...headers },
      };
      if (sent && media) {
        request.body = sent.value;
        request.headers['Content-Type'] = media.mediaType;
      }
      return request;
    });
}

/** The JSON types a value can take, for a schema's `type` (an integer is a number too). */
const OTHER_TYPE_VALUES = {
  string: fc.string({ unit: HEADER_CHAR, maxLength: 8 }),
  integer: fc.integer({ min: -1000, max: 1000 }),
  number: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1000, max: 1000 }).filter((value) => !Number.isInteger(value)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
  object: fc.constant({}),
};

function wrongTypeValues(context, schema) {
  // Only a declared `type` (or enum) refuses other types: a schema without one takes any. A
  // oneOf or anyOf whose every branch declares one takes only those.
  const branches = (schema.oneOf ?? schema.anyOf ?? []).map((branch) => flatten(context, branch));
  const declared =
    schema.type !== undefined
      ? [schema.type].flat()
      : branches.length && branches.every((branch) => branch.type !== undefined)
        ? branches.flatMap((branch) => [branch.type].flat())
        : [];
  const allowed = new Set(declared);
  if (Array.isArray(schema.enum) || schema.const !== undefined) {
    for (const value of schema.enum ?? [schema.const])
      allowed.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value);
  }
  if (allowed.size === 0) return undefined;
  if (allowed.has('number')) allowed.add('integer');
  const others = Object.keys(OTHER_TYPE_VALUES).filter((type) => !allowed.has(type));
  return others.length ? fc.oneof(...others.map((type) => OTHER_TYPE_VALUES[type])) : undefined;
}

/** Values that break a leaf schema, by kind. Each must fail the schema whatever else holds. */
function leafBreakers(context, schema, location) {
  let cached = context.breakers.get(schema);
  if (!cached) context.breakers.set(schema, (cached = new Map()));
  if (!cached.has(location)) cached.set(location, buildLeafBreakers(context, schema, location));
  return cached.get(location);
}

function buildLeafBreakers(context, schema, location) {
  const breakers = [];
  const types = schemaTypes(schema);
  const wire = location !== 'body';
  const textual = types.includes('string') || (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string'));
  const unit = location === 'header' ? HEADER_CHAR : TEXT_CHAR;
  const sendable = (value) =>
    (location !== 'header' || isHeaderValue(value)) && (location !== 'path' || (value !== '' && !/^\.{1,2}$/.test(value)));
  if (Array.isArray(schema.enum)) {
    const known = new Set(schema.enum.map((value) => JSON.stringify(value)));
    const candidates = textual ? fc.string({ unit, minLength: 1, maxLength: 12 }) : fc.integer({ min: -100_000, max: 100_000 });
    breakers.push({
      kind: 'enum',
      arbitrary: acceptingEnough(
        candidates,
        (value) => !known.has(JSON.stringify(value)) && sendable(asText(value)),
        'a value outside the enum',
      ),
    });
  }
  if (types.includes('string') && !Array.isArray(schema.enum)) {
    if (schema.pattern !== undefined) {
      const pattern = new RegExp(schema.pattern, 'u');
      const minLength = Math.max(schema.minLength ?? 0, 1);
      const maxLength = Math.max(schema.maxLength ?? minLength + SPREAD, minLength);
      const candidates = fc.string({ unit, minLength, maxLength: Math.min(maxLength, minLength + SPREAD) });
      breakers.push({
        kind: 'pattern',
        arbitrary: acceptingEnough(candidates, (value) => !pattern.test(value) && sendable(value), `a string breaking ${schema.pattern}`),
      });
    } else if (schema.format !== undefined && ['email', 'date', 'date-time', 'uri', 'uuid'].includes(schema.format)) {
      const validate = context.validatorOf({ type: 'string', format: schema.format });
      const candidates = fc.string({ unit, minLength: 1, maxLength: 16 });
      breakers.push({
        kind: 'pattern',
        arbitrary: acceptingEnough(candidates, (value) => !validate(value) && sendable(value), `a string that is not a ${schema.format}`),
      });
    }
    if (schema.maxLength !== undefined) {
      const fill = location === 'header' ? fc.constantFrom('a', 'Z', '7') : fc.constantFrom('a', 'Z', '7', 'é', '字');
      breakers.push({
        kind: 'oversized',
        arbitrary: fc.tuple(fill, fc.integer({ min: 1, max: 16 })).map(([char, extra]) => char.repeat(schema.maxLength + extra)),
      });
    }
  }
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric) {
    const integer = !types.includes('number');
    if (schema.maximum !== undefined)
      breakers.push({
        kind: 'out-of-range',
        arbitrary: fc.integer({ min: 1, max: 1000 }).map((extra) => Math.floor(schema.maximum) + extra),
      });
    if (schema.minimum !== undefined)
      breakers.push({
        kind: 'out-of-range',
        arbitrary: fc.integer({ min: 1, max: 1000 }).map((extra) => Math.ceil(schema.minimum) - extra),
      });
    if (wire) {
      const notNumbers = fc.constantFrom('abc', 'one', '1e', '--1', 'NaN', '0x1g');
      breakers.push({
        kind: 'wrong-type',
        arbitrary: integer
          ? fc.oneof(
              notNumbers,
              fc.integer({ min: 0, max: 99 }).map((whole) => `${whole}.5`),
            )
          : notNumbers,
      });
    }
  }
  if (types.includes('boolean') && wire) breakers.push({ kind: 'wrong-type', arbitrary: fc.constantFrom('yes', 'no', '1', 'TRUE') });
  if (!wire) {
    const other = wrongTypeValues(context, schema);
    if (other) breakers.push({ kind: 'wrong-type', arbitrary: other });
  }
  return breakers;
}

/** Sets (or, with `remove`, deletes) the value at a path of a JSON value, on a copy. */
function setAt(value, path, replacement, remove = false) {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** Every place in a body schema worth breaking: { path, schema, required } (no descent into oneOf/anyOf). */
function bodySites(context, schema, path = [], depth = 0) {
  const node = flatten(context, schema);
  const sites = [{ path, schema: node }];
  if (depth > 6 || node.oneOf || node.anyOf) return sites;
  const types = schemaTypes(node);
  if (types.includes('object')) {
    const required = new Set(node.required ?? []);
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const inner = bodySites(context, property, [...path, name], depth + 1);
      inner[0].required = required.has(name);
      sites.push(...inner);
    }
  }
  if (types.includes('array') && node.items && (node.maxItems === undefined || node.maxItems > 0)) {
    sites.push(...bodySites(context, node.items, [...path, 0], depth + 1));
  }
  return sites;
}

const whereOf = (path) => (path.length ? `body/${path.join('/')}` : 'body');

/**
 * An arbitrary of invalid requests for one operation, each labelled with what it breaks
 * (`request.invalid`), or undefined when the operation takes nothing that can be broken.
 * Each is a valid request with one thing broken; a property test proves that the contract
 * refuses every one (test/request-generator.test.mjs).
 * @param {object} document the bundle
 * @param {OperationEntry} entry
 * @returns {fc.Arbitrary<GeneratedRequest> | undefined}
 */
export function invalidRequestArbitrary(document, entry) {
  const context = createContext(document);
  const { operation, method } = entry;
  const broken = [];
  const label = (kind, where) => (request) => ({ ...request, invalid: { kind, where } });

  for (const parameter of parametersOf(document, context, operation)) {
    if (!['path', 'query', 'header'].includes(parameter.in)) continue;
    const where = `${parameter.in} ${parameter.name}`;
    const place = parameter.in === 'path' ? 'pathParams' : parameter.in === 'query' ? 'query' : 'headers';
    const valid = buildValid(document, context, entry, { force: { location: parameter.in, name: parameter.name } });
    if (parameter.required && parameter.in !== 'path') {
      broken.push(
        valid.map((request) => {
          const changed = structuredClone(request);
          if (place === 'query') changed.query = changed.query.filter(([name]) => name !== parameter.name);
          else delete changed.headers[parameter.name];
          return label('missing-required', where)(changed);
        }),
      );
    }
    for (const { kind, arbitrary } of leafBreakers(context, parameter.schema, parameter.in)) {
      broken.push(
        fc.tuple(valid, arbitrary).map(([request, value]) => {
          const changed = structuredClone(request);
          const text = asText(value);
          if (place === 'query') changed.query = [...changed.query.filter(([name]) => name !== parameter.name), [parameter.name, text]];
          else changed[place][parameter.name] = text;
          return label(kind, where)(changed);
        }),
      );
    }
  }

  const media = METHODS_WITHOUT_BODY.has(method) ? undefined : jsonMediaOf(document, operation);
  if (media) {
    const withBody = buildValid(document, context, entry, { force: { location: 'body', path: [] } });
    if (media.required) {
      broken.push(
        withBody.map((request) => {
          const changed = structuredClone(request);
          delete changed.body;
          delete changed.headers['Content-Type'];
          return label('missing-required', 'body')(changed);
        }),
      );
    }
    broken.push(withBody.map((request) => label('malformed-json', 'body')({ ...request, bodyText: `${JSON.stringify(request.body)},` })));
    const otherType = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded'].find((type) => !media.types.includes(type));
    if (otherType) {
      broken.push(
        withBody.map((request) =>
          label('content-type', 'body')({ ...request, headers: { ...request.headers, 'Content-Type': otherType } }),
        ),
      );
    }
    for (const site of bodySites(context, media.schema)) {
      const valid = buildValid(document, context, entry, { force: { location: 'body', path: site.path } });
      const where = whereOf(site.path);
      if (site.required) {
        broken.push(
          valid.map((request) => label('missing-required', where)({ ...request, body: setAt(request.body, site.path, undefined, true) })),
        );
      }
      for (const { kind, arbitrary } of leafBreakers(context, site.schema, 'body')) {
        broken.push(
          fc
            .tuple(valid, arbitrary)
            .map(([request, value]) => label(kind, where)({ ...request, body: setAt(request.body, site.path, value) })),
        );
      }
      if (site.schema.maxItems !== undefined) {
        const item = valueArbitrary(context, site.schema.items ?? {}, {});
        const tooMany = fc.array(item, { minLength: site.schema.maxItems + 1, maxLength: site.schema.maxItems + 3 });
        const distinct = site.schema.uniqueItems
          ? fc.uniqueArray(item, {
              minLength: site.schema.maxItems + 1,
              maxLength: site.schema.maxItems + 3,
              selector: (value) => JSON.stringify(value),
            })
          : tooMany;
        broken.push(
          fc
            .tuple(valid, distinct)
            .map(([request, value]) => label('oversized', where)({ ...request, body: setAt(request.body, site.path, value) })),
        );
      }
    }
  }
  return broken.length ? fc.oneof(...broken) : undefined;
}

/**
 * The request as it goes on the wire: the path filled in (percent-encoded), the query, the
 * headers with `extraHeaders` (credentials) added, and the body as text.
 * @param {OperationEntry} entry
 * @param {GeneratedRequest} request
 * @param {Record<string, string>} [extraHeaders]
 * @returns {HttpRequest}
 */
export function toHttpRequest(entry, request, extraHeaders = {}) {
  const path = entry.path.replace(/\{([^{}/]+)\}/g, (_, name) => encodeURIComponent(request.pathParams[name] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  /** @type {HttpRequest} */
  const http = {
    operationId: request.operationId,
    method: request.method,
    url: query ? `${path}?${query}` : path,
    headers: { ...extraHeaders, ...request.headers },
  };
  if (request.bodyText !== undefined) http.body = request.bodyText;
  else if (request.body !== undefined) http.body = JSON.stringify(request.body);
  return http;
}

/**
 * The request as a curl command against `baseUrl`, secrets masked as the kit masks them
 * everywhere (credential headers, secret-named fields, and every value in `secrets`).
 * @param {string} baseUrl the gateway's base, e.g. `https://gateway.example`
 * @param {HttpRequest} request
 * @param {string[]} [secrets] values to mask wherever they appear
 * @returns {string}
 */
export function toCurl(baseUrl, request, secrets = []) {
  const url = new URL(request.url.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
  return curlOf({ method: request.method, url, headers: request.headers, body: request.body }, secrets);
}

/**
 * The verdict on the answer to a generated request: the kit's own checks ({@link checkAnswer}),
 * so a fuzzed answer is held to exactly the rules of every other answer. A valid request must
 * get a declared status below 500 with a conforming answer; an invalid one a declared 4xx with
 * the error envelope (never a 2xx, never a 5xx).
 * @param {import('./contract.mjs').Contract} contract
 * @param {{ secrets?: string[] }} [options] values masked in the violations
 * @returns {(entry: OperationEntry, request: GeneratedRequest, answer: Answer) => Violation[]}
 */
export function createJudge(contract, { secrets = [] } = {}) {
  return (entry, request, answer) =>
    checkAnswer(contract, contract.byId.get(entry.operation.operationId) ?? entry, answer, {
      expect: request.invalid ? 'client-error' : 'declared',
      secrets,
    }).violations;
}

/**
 * @typedef {object} PropertyOutcome The run of one property (valid or invalid requests) on one operation.
 * @property {number} runs How many requests were generated (before shrinking).
 * @property {boolean} failed
 * @property {Record<string, number>} statuses How many answers had each status (`none`: no answer),
 *   shrinking included.
 * @property {number} [shrinks] How many smaller failing requests shrinking went through.
 * @property {object} [counterexample] The smallest failing request:
 *   { request: GeneratedRequest, http: HttpRequest (the object `send` was given), curl: string,
 *   violations: Violation[], status?: number | null }
 */

/**
 * @typedef {object} FuzzOutcome
 * @property {string} operationId
 * @property {number} seed The seed both properties ran with: pass it again to replay them.
 * @property {PropertyOutcome} valid
 * @property {PropertyOutcome | undefined} invalid Undefined when the operation takes nothing that can be broken.
 */

/** Marks a failure found in the gateway's answer, as opposed to an error inside the kit. */
class Counterexample extends Error {
  constructor(violations, http, status) {
    super('the answer breaks the contract');
    this.violations = violations;
    this.http = http;
    this.status = status;
  }
}

/**
 * Sends `runs` generated valid requests and `runs` invalid ones for one operation, judges each
 * answer, and shrinks a failure to its smallest request. A thrown `send` fails the property
 * like a wrong answer; an error thrown by the judge is the kit's own and is rethrown.
 * @param {object} options
 * @param {OperationEntry} options.entry
 * @param {object} options.document the bundle (generated/openapi.json)
 * @param {(request: HttpRequest, generated: GeneratedRequest) => Promise<Answer>} options.send
 *   sends the request; `generated` says what it is (and what it breaks, `generated.invalid`)
 * @param {number} [options.runs] requests per property (20)
 * @param {number} [options.seed] fast-check's seed (random when absent; the outcome names it)
 * @param {Record<string, string> | ((request: GeneratedRequest) => Promise<Record<string, string>>)} [options.headers]
 *   added to every request (credentials); a function gives them per request
 * @param {string} [options.baseUrl] for the curl command of a counterexample
 * @param {(entry: OperationEntry, request: GeneratedRequest, answer: Answer) => Violation[]} [options.judge]
 *   the verdict on an answer: violations, none when it conforms ({@link createJudge} by default)
 * @param {boolean} [options.shrink] shrink a failure to its smallest request (true); each step is a request
 * @returns {Promise<FuzzOutcome>}
 */
export async function fuzzOperation({
  entry,
  document,
  send,
  runs = 20,
  seed = Math.floor(Math.random() * 0x7fffffff),
  headers = {},
  baseUrl = 'http://gateway.invalid',
  judge = createJudge(loadContract(document)),
  shrink = true,
}) {
  const run = async (arbitrary) => {
    const statuses = {};
    const property = fc.asyncProperty(arbitrary, async (request) => {
      const http = toHttpRequest(entry, request, typeof headers === 'function' ? await headers(request) : headers);
      let answer;
      try {
        answer = await send(http, request);
      } catch (error) {
        statuses.none = (statuses.none ?? 0) + 1;
        const message = `no answer: ${error instanceof Error ? error.message : String(error)}`;
        throw new Counterexample([{ rule: 'transport', where: 'connection', message }], http, null);
      }
      const status = String(answer.status ?? 'none');
      statuses[status] = (statuses[status] ?? 0) + 1;
      const violations = judge(entry, request, answer);
      if (violations.length) throw new Counterexample(violations, http, answer.status);
    });
    const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: !shrink });
    /** @type {PropertyOutcome} */
    const outcome = { runs: Math.min(details.numRuns, runs), failed: details.failed, statuses };
    if (details.failed) {
      const error = details.errorInstance;
      if (!(error instanceof Counterexample) || !details.counterexample) throw error ?? new Error(String(details.error));
      const [request] = details.counterexample;
      outcome.shrinks = details.numShrinks;
      outcome.counterexample = {
        request,
        http: error.http,
        curl: toCurl(baseUrl, error.http),
        violations: error.violations,
        status: error.status,
      };
    }
    return outcome;
  };
  const invalid = invalidRequestArbitrary(document, entry);
  return {
    operationId: entry.operation.operationId,
    seed,
    valid: await run(validRequestArbitrary(document, entry)),
    invalid: invalid ? await run(invalid) : undefined,
  };
}
