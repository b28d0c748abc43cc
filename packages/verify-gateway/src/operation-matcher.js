// @ts-check
// Which operation of the contract a request is: path templates made matchers, and the lookup the
// API client and the mock's scenario layer both use, so the browser and the mock agree on which
// operation a path is. Plain JavaScript with JSDoc types (checked by tsc): the mock runs on
// Node 20, which cannot import TypeScript. Environment-neutral (the browser imports it too, as
// @signin-portal/verify-gateway/operation-matcher); it lives in the kit's package because the
// kit's contract reader needs it and the kit's tarball must carry it.

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

/** @type {Map<string, RegExp>} */
const patterns = new Map();

/**
 * The operation a request names: the same method and a path its template matches. When several
 * match, the one with the fewest parameters wins, so a literal path (`/plan/list`) is never taken
 * for a templated one (`/plan/{planId}`) whatever the order of the list; ties go to the earlier one.
 * @template {{ readonly method: string, readonly path: string }} T
 * @param {readonly T[]} operations
 * @param {string} method upper case
 * @param {string} pathname the request path, without query
 * @returns {T | undefined}
 */
export function findOperation(operations, method, pathname) {
  const matches = (/** @type {string} */ template) => {
    let pattern = patterns.get(template);
    if (!pattern) patterns.set(template, (pattern = pathPattern(template)));
    return pattern.test(pathname);
  };
  // Array sort is stable: equally specific matches keep their order.
  return operations
    .filter((operation) => operation.method === method && matches(operation.path))
    .sort((a, b) => parameterCount(a.path) - parameterCount(b.path))[0];
}
