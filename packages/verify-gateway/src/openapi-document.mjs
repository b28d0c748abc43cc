// Reading the bundled OpenAPI document: one place for $ref resolution and the operation list,
// shared by the kit, code generation, the mock's scenario layer and the contract tests. It lives
// in the kit's package because the kit's tarball must carry it; the rest of the repository
// imports it as @signin-portal/verify-gateway/openapi-document.
import { isPathTemplate, parameterCount } from './operation-matcher.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Follows local `$ref`s (`#/components/...`) to the value they name. */
export function resolveRef(document, value) {
  let current = value;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => node?.[key], document);
  }
  return current;
}

/**
 * Every operation as { path, method (upper case), operation }, literal paths before templated
 * ones. Lookups do not depend on this order (findOperation prefers the fewest parameters
 * itself); it keeps the generated table and test listings in a stable, readable order.
 * Throws on a malformed path template: the generated table and the mock never hold one.
 */
export function listOperations(document) {
  const list = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!isPathTemplate(path)) throw new Error(`Malformed path template in the contract: ${path}`);
    for (const method of METHODS) if (item[method]) list.push({ path, method: method.toUpperCase(), operation: item[method] });
  }
  return list.sort((a, b) => parameterCount(a.path) - parameterCount(b.path));
}

/**
 * The paths of the operations the contract marks `x-cacheable: true`: answers alike for every
 * visitor, whose own Cache-Control a server passes on. Every other answer is sent `no-store`.
 */
export function cacheablePaths(document) {
  return listOperations(document)
    .filter(({ operation }) => operation['x-cacheable'] === true)
    .map(({ path }) => path);
}
