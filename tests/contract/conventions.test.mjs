// @vitest-environment node
// House rules every operation of the contract follows.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations } from './contract-helpers.mjs';

const all = operations().map((entry) => [`${entry.method} ${entry.path}`, entry]);
const parameterNames = (operation) => (operation.parameters ?? []).map((parameter) => deref(parameter).name);

describe('every operation', () => {
  it.each(all)('%s has an operationId, one known tag, a summary and explicit security', (_, { operation }) => {
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(operation.tags).toHaveLength(1);
    expect(bundle.tags.map((tag) => tag.name)).toContain(operation.tags[0]);
    expect(operation.summary?.length).toBeGreaterThan(5);
    expect(Array.isArray(operation.security)).toBe(true);
  });

  it.each(all.filter(([, entry]) => entry.method !== 'GET'))('%s takes X-XSRF-TOKEN', (_, { operation }) => {
    expect(parameterNames(operation)).toContain('X-XSRF-TOKEN');
  });

  it.each(all.filter(([, entry]) => entry.operation.security?.some((requirement) => 'authToken' in requirement)))(
    '%s answers 401, 403 and 440 with the shared error envelope',
    (_, { operation }) => {
      for (const status of ['401', '403', '440']) {
        expect(operation.responses[status]?.$ref, status).toMatch(/^#\/components\/responses\//);
      }
    },
  );

  it.each(all)('%s documents at least one error response', (_, { operation }) => {
    expect(Object.keys(operation.responses).some((status) => /^[45]/.test(status))).toBe(true);
  });
});
