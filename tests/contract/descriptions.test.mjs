// @vitest-environment node
// Every operation, parameter and property says what it is, so a gateway developer can act on it
// without asking. A property described by the schema it refers to counts as described.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations } from './contract-helpers.mjs';

const described = (node) => typeof node?.description === 'string' && node.description.trim().length >= 12;

/** Whether a property says what it is, itself or through what it refers to. */
function propertyDescribed(property) {
  if (described(property)) return true;
  if (property.$ref) return described(deref(property));
  const branches = property.oneOf ?? property.anyOf;
  if (branches) return branches.filter((branch) => deref(branch).type !== 'null').every((branch) => propertyDescribed(branch));
  return false;
}

/** Every property of every object schema in the bundle, inline ones included: [where, property]. */
function allProperties() {
  const found = [];
  const seen = new Set();
  const walk = (node, where) => {
    if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${where}[${index}]`));
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (property && typeof property === 'object') found.push([`${where}.${name}`, property]);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'examples' || key === 'example') continue;
      walk(child, key === 'properties' ? where : `${where}/${key}`);
    }
  };
  walk(bundle.components.schemas, 'schemas');
  walk(bundle.paths, 'paths');
  return found;
}

const all = operations().map((entry) => [`${entry.method} ${entry.path}`, entry.operation]);

describe('descriptions', () => {
  it.each(all)('%s has a description', (_, operation) => {
    expect(described(operation)).toBe(true);
  });

  it('every parameter has one', () => {
    const missing = all.flatMap(([name, operation]) =>
      (operation.parameters ?? [])
        .map(deref)
        .filter((parameter) => !described(parameter))
        .map((parameter) => `${name} ${parameter.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every property has one', () => {
    const properties = allProperties();
    expect(properties.length).toBeGreaterThan(150);
    expect(properties.filter(([, property]) => !propertyDescribed(property)).map(([where]) => where)).toEqual([]);
  });
});
