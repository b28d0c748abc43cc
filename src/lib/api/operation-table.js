// @ts-check
// Path templates of the contract as matchers of request paths, and the lookup of the operation a
// request names. The mock's scenario layer uses it, and it lives in src/ so the browser's API
// client can too: one definition of which operation a path is. Plain JavaScript with JSDoc types
// (checked by tsc): the mock runs on Node 20, which cannot import TypeScript.

/** A path parameter of a template: `{name}`, never spanning a `/`. */
const PARAMETER = /\{[^{}/]+\}/;

/**
 * Whether a path template is well formed: every brace belongs to a `{parameter}`. A stray one
 * would be taken literally and the operation would silently never match. Checked where the
 * contract is read (listOperations), so code generation and the mock see only sound ones.
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
