// Reading the bundled OpenAPI document: one place for $ref resolution and the operation list,
// shared by code generation, the mock's scenario layer and the contract tests.

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
 * ones, so `/plan/list` is never taken for `/plan/{planId}`.
 */
export function listOperations(document) {
  const list = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) if (item[method]) list.push({ path, method: method.toUpperCase(), operation: item[method] });
  }
  const templates = (path) => (path.match(/\{/g) ?? []).length;
  return list.sort((a, b) => templates(a.path) - templates(b.path));
}
