// @ts-check
// The contract's operation table, from the rows codegen writes into generated/operations.ts to
// the operations the API client and the mock's scenario layer look requests up in. One module for
// both, so the browser and the mock agree on which operation a path is. Plain JavaScript with
// JSDoc types (checked by tsc): the mock runs on Node 20, which cannot import TypeScript.

/** @typedef {'basic' | 'token' | 'none'} OperationSecurity */

/**
 * What the success response carries: JSON checked by its schema, text, or nothing.
 * @typedef {'json' | 'text' | 'empty'} ResponseKind
 */

/**
 * One operation of the contract, as codegen writes it: the tag names the generated zod module
 * holding `<operationId>Response`, and is left out when the response has no schema.
 * @template {string} [Tag=string]
 * @typedef {readonly [
 *   operationId: string,
 *   method: string,
 *   path: string,
 *   security: OperationSecurity,
 *   responseKind: ResponseKind,
 *   zodTag?: Tag,
 * ]} OperationRow
 */

/**
 * Each tag's generated zod module, loaded on first use. Generated as static `import()`
 * expressions, so the bundler splits every tag's schemas into a chunk of their own.
 * @template {string} [Tag=string]
 * @typedef {Readonly<Record<Tag, () => Promise<Record<string, unknown>>>>} ResponseSchemaModules
 */

/**
 * The result of checking a value against a response schema (a subset of zod's `safeParse`).
 * @typedef {{ readonly success: true, readonly data: unknown }
 *   | { readonly success: false, readonly error: { readonly issues: readonly SchemaIssue[] } }
 * } SchemaResult
 */

/** @typedef {{ readonly path: readonly PropertyKey[], readonly message: string }} SchemaIssue */

/**
 * A 2xx response's schema: the generated zod schema, of which the client needs only `safeParse`.
 * @typedef {{ safeParse(value: unknown): SchemaResult }} ResponseSchema
 */

/**
 * One gateway operation of the contract, as the API client uses it.
 * @typedef {Readonly<ApiOperationFields>} ApiOperation
 */

/**
 * @typedef {object} ApiOperationFields
 * @property {string} operationId
 * @property {string} method Upper case, as the client and Node report a request's method.
 * @property {string} path The contract's path template, e.g. `/login-gateway/user/{userId}/contact`.
 * @property {RegExp} pathPattern Matches the request path (without query) of this operation.
 * @property {OperationSecurity} security
 * @property {ResponseKind} responseKind
 * @property {(() => Promise<ResponseSchema>) | undefined} loadResponseSchema Loads the 2xx JSON
 *   response's schema; undefined for text and empty responses.
 */

/** A path parameter of a template: `{name}`, never spanning a `/`. */
const PARAMETER = /\{[^{}/]+\}/;

/**
 * Whether a path template is well formed: every brace belongs to a `{parameter}`. A stray one
 * would be taken literally and the operation would silently never match. Checked where the
 * contract is read (listOperations), so the generated rows and the mock hold only sound ones.
 * @param {string} template
 * @returns {boolean}
 */
export function isPathTemplate(template) {
  return !/[{}]/.test(template.split(PARAMETER).join(''));
}

/**
 * Turns a well-formed path template of the contract into a matcher of request paths: literal
 * parts match themselves exactly (regex characters included), a parameter matches one non-empty
 * segment (never a `/`), and the whole path must match.
 * @param {string} template e.g. `/login-gateway/user/{userId}/profile/credentials`
 * @returns {RegExp}
 */
export function pathPattern(template) {
  const literals = template.split(PARAMETER).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literals.join('[^/]+')}$`);
}

/**
 * How many parameters a path template has; fewer means more specific.
 * @param {string} template
 * @returns {number}
 */
export function parameterCount(template) {
  return template.split(PARAMETER).length - 1;
}

/**
 * The operation a request names: the same method and a matching path. When several match, the
 * one with the fewest parameters wins, so a literal path (`/plan/list`) is never taken for a
 * templated one (`/plan/{planId}`) whatever the order of the list; ties go to the earlier one.
 * @template {{ readonly method: string, readonly path: string, readonly pathPattern: RegExp }} T
 * @param {readonly T[]} operations
 * @param {string} method upper case
 * @param {string} pathname the request path, without query
 * @returns {T | undefined}
 */
export function findOperation(operations, method, pathname) {
  // Array sort is stable: equally specific matches keep their order.
  return operations
    .filter((operation) => operation.method === method && operation.pathPattern.test(pathname))
    .sort((a, b) => parameterCount(a.path) - parameterCount(b.path))[0];
}

/**
 * The operations of the generated rows, each with its path matcher and, for a JSON response, a
 * loader of its zod schema (`<operationId>Response` in its tag's module). The types make tsc
 * refuse a row whose tag has no module, which would otherwise leave a JSON response unchecked.
 * @template {string} Tag
 * @param {readonly OperationRow<Tag>[]} rows
 * @param {ResponseSchemaModules<Tag>} schemaModules
 * @returns {ApiOperation[]}
 */
export function buildOperations(rows, schemaModules) {
  return rows.map(([operationId, method, path, security, responseKind, zodTag]) => ({
    operationId,
    method,
    path,
    pathPattern: pathPattern(path),
    security,
    responseKind,
    // codegen writes a tag only when the module exports `<operationId>Response` (the operation
    // table test loads every one), so the bundle carries no check of its own.
    loadResponseSchema:
      zodTag === undefined
        ? undefined
        : () => schemaModules[zodTag]().then((module) => /** @type {ResponseSchema} */ (module[`${operationId}Response`])),
  }));
}
