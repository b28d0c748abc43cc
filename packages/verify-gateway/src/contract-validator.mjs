// JSON Schema validation of the bundled contract with ajv (draft 2020-12, the dialect of
// OpenAPI 3.1, with ajv-formats), shared by the verification kit, the mock's request validator
// and the contract tests (as @signin-portal/verify-gateway/contract-validator: the kit's tarball
// must carry it). strictVariant() derives the strict bundle the kit validates gateway answers
// against.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const CONTRACT_ID = 'urn:portal:contract';

/** A JSON pointer fragment (`#/paths/~1a~1b/get`) for a list of keys. */
export function pointer(...keys) {
  return `#/${keys.map((key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/**
 * An ajv instance holding the whole bundle under one id, so any schema in it compiles by its
 * JSON pointer and its `#/components/...` references resolve within the bundle. `verbose` puts
 * the failing value and its schema into each error (the verification kit prints both).
 */
export function contractAjv(document, { verbose = false } = {}) {
  // strict: false ignores OpenAPI's own annotations (`example`, `discriminator`, `xml`).
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, verbose });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: CONTRACT_ID });
  let parts = 0;
  return {
    ajv,
    /** A validator for the schema at a JSON pointer of the bundle (see {@link pointer}). */
    validatorAt(fragment) {
      return ajv.compile({ $ref: `${CONTRACT_ID}${fragment}` });
    },
    /** A validator for a schema object built around the bundle's components. */
    validatorFor(schema) {
      return ajv.compile({ ...schema, $id: `${CONTRACT_ID}:part:${(parts += 1)}`, components: document.components });
    },
  };
}

function isObjectSchema(schema) {
  const types = [schema.type].flat();
  return types.includes('object') || (schema.type === undefined && schema.properties !== undefined);
}

/**
 * The strict variant of a bundle: every object schema that does not say whether it is open gets
 * `unevaluatedProperties: false`, so an unknown or misspelled property is a violation. Schemas
 * the contract leaves open on purpose (`additionalProperties: true`, fields the spec does not
 * show) stay open. `unevaluatedProperties` sees through `allOf`/`oneOf`/`$ref`, where
 * `additionalProperties: false` would refuse the properties of the other branches.
 */
export function strictVariant(document) {
  const strict = structuredClone(document);
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (isObjectSchema(node) && node.additionalProperties === undefined && node.unevaluatedProperties === undefined) {
      node.unevaluatedProperties = false;
    }
    for (const [key, value] of Object.entries(node)) {
      // Examples are data, not schemas.
      if (key === 'example' || key === 'examples') continue;
      visit(value);
    }
  };
  visit(strict.paths);
  visit(strict.components);
  return strict;
}

/** ajv's errors as short readable lines: `/data/brandLinks: unknown property "leftLogoUrl"`. */
export function describeErrors(errors, limit = 8) {
  const lines = [];
  for (const error of errors ?? []) {
    const where = error.instancePath || '(root)';
    let what;
    if (error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties') {
      what = `unknown property "${error.params.unevaluatedProperty ?? error.params.additionalProperty}"`;
    } else if (error.keyword === 'required') what = `missing required property "${error.params.missingProperty}"`;
    else if (error.keyword === 'type') what = `must be ${error.params.type}`;
    else if (error.keyword === 'enum')
      what = `must be one of ${error.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
    else if (error.keyword === 'oneOf' || error.keyword === 'anyOf')
      continue; // the branches' own errors say more
    else what = error.message;
    const line = `${where}: ${what}`;
    if (!lines.includes(line)) lines.push(line);
  }
  if (lines.length === 0 && errors?.length) lines.push(`${errors[0].instancePath || '(root)'}: ${errors[0].message}`);
  return lines.length > limit ? [...lines.slice(0, limit), `... ${lines.length - limit} more`] : lines;
}
