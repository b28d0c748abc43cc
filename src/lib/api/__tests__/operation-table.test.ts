import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operationRows, responseSchemaModules } from '../../../../generated/operations';
import { buildOperations, findOperation, isPathTemplate, parameterCount, pathPattern, type OperationRow } from '../operation-table';

describe('pathPattern', () => {
  it.each([
    ['/login-gateway/status', '/login-gateway/status', true],
    ['/login-gateway/status', '/login-gateway/status/', false],
    ['/login-gateway/status', '/login-gateway', false],
    ['/login-gateway/user/{userId}/contact', '/login-gateway/user/100245/contact', true],
    ['/login-gateway/user/{userId}/contact', '/login-gateway/user/Ab_9-z.~/contact', true],
    ['/login-gateway/user/{userId}/contact', '/login-gateway/user//contact', false],
    ['/login-gateway/user/{userId}/contact', '/login-gateway/user/1/2/contact', false],
    ['/partner/{userId}/plan/{planId}/info', '/partner/7/plan/P-1/info', true],
    ['/partner/{userId}/plan/{planId}/info', '/partner/7/plan/info', false],
    ['/partner/{userId}/plan/{planId}/info', '/partner/7/plan/P/1/info', false],
  ])('%s matches %j: %s', (template, path, matches) => {
    expect(pathPattern(template).test(path)).toBe(matches);
  });

  it('takes regex characters in literal parts literally', () => {
    expect(pathPattern('/public/logout.vm').test('/public/logout.vm')).toBe(true);
    expect(pathPattern('/public/logout.vm').test('/public/logoutXvm')).toBe(false);
    expect(pathPattern('/announcements.json').test('/announcementsXjson')).toBe(false);
    const awkward = '/a+b/(c)|d/[e]^$*?\\f';
    expect(pathPattern(awkward).test(awkward)).toBe(true);
    expect(pathPattern('/a+b').test('/aab')).toBe(false);
    expect(pathPattern('/a|b').test('/b')).toBe(false);
  });

  it('matches the whole path only, never a part of it', () => {
    expect(pathPattern('/login-gateway/credentials').test('/x/login-gateway/credentials')).toBe(false);
    expect(pathPattern('/login-gateway/credentials').test('/login-gateway/credentials/email')).toBe(false);
    expect(pathPattern('/user/{userId}').test('/user/7/more')).toBe(false);
    expect(pathPattern('/user/{userId}').test('/prefix/user/7')).toBe(false);
  });

  it('tells a well-formed template from one with a brace outside a parameter', () => {
    expect(isPathTemplate('/login-gateway/status')).toBe(true);
    expect(isPathTemplate('/partner/{userId}/plan/{planId}/info')).toBe(true);
    expect(isPathTemplate('/user/{userId/contact')).toBe(false);
    expect(isPathTemplate('/user/userId}/contact')).toBe(false);
    expect(isPathTemplate('/user/{}/contact')).toBe(false);
    expect(isPathTemplate('/user/{a/b}/contact')).toBe(false);
  });

  it('finds every template of the generated table well formed', () => {
    for (const [operationId, , path] of operationRows) expect(isPathTemplate(path), operationId).toBe(true);
  });

  it('counts parameters', () => {
    expect(parameterCount('/login-gateway/status')).toBe(0);
    expect(parameterCount('/user/{userId}/contact')).toBe(1);
    expect(parameterCount('/partner/{userId}/plan/{planId}/info')).toBe(2);
  });
});

describe('findOperation', () => {
  const entry = (method: string, path: string) => ({ method, path, pathPattern: pathPattern(path) });
  const literal = entry('GET', '/partner/{userId}/plan/list');
  const templated = entry('GET', '/partner/{userId}/plan/{planId}');

  it('prefers the operation with fewer parameters, whatever the order of the list', () => {
    expect(findOperation([templated, literal], 'GET', '/partner/7/plan/list')).toBe(literal);
    expect(findOperation([literal, templated], 'GET', '/partner/7/plan/list')).toBe(literal);
    expect(findOperation([templated, literal], 'GET', '/partner/7/plan/P-1')).toBe(templated);
  });

  it('matches the method exactly and finds nothing outside the list', () => {
    expect(findOperation([literal, templated], 'POST', '/partner/7/plan/list')).toBeUndefined();
    expect(findOperation([literal, templated], 'get', '/partner/7/plan/list')).toBeUndefined();
    expect(findOperation([literal, templated], 'GET', '/partner/7/plan')).toBeUndefined();
  });

  it('keeps the earlier of two equally specific matches', () => {
    const first = entry('GET', '/a/{x}/c');
    const second = entry('GET', '/a/b/{y}');
    expect(findOperation([first, second], 'GET', '/a/b/c')).toBe(first);
    expect(findOperation([second, first], 'GET', '/a/b/c')).toBe(second);
  });
});

describe('buildOperations', () => {
  const thing = z.object({ name: z.string() });
  const rows: OperationRow[] = [
    ['getThing', 'GET', '/gw/user/{userId}/thing', 'token', 'json', 'things'],
    ['getStatus', 'GET', '/gw/status', 'none', 'text'],
  ];

  it('turns rows into operations with a matcher and a lazy schema loader', async () => {
    let loads = 0;
    const [getThing, getStatus] = buildOperations(rows, {
      things: async () => {
        loads += 1;
        return { getThingResponse: thing };
      },
    });
    expect(getThing).toMatchObject({
      operationId: 'getThing',
      method: 'GET',
      path: '/gw/user/{userId}/thing',
      security: 'token',
      responseKind: 'json',
    });
    expect(getThing?.pathPattern.test('/gw/user/7/thing')).toBe(true);
    expect(loads).toBe(0);
    expect(await getThing?.loadResponseSchema?.()).toBe(thing);
    expect(loads).toBe(1);
    expect(getStatus).toMatchObject({ operationId: 'getStatus', security: 'none', responseKind: 'text', loadResponseSchema: undefined });
  });

  it('is typed so that a row cannot name a tag without a module (checked by tsc)', () => {
    const load = async () => ({ getThingResponse: thing });
    expect(buildOperations([['getThing', 'GET', '/gw/thing', 'token', 'json', 'things']], { things: load })).toHaveLength(1);
    // @ts-expect-error the tag `things` has no module: the JSON response would go unchecked.
    expect(buildOperations([['getThing', 'GET', '/gw/thing', 'token', 'json', 'things']], { other: load })).toHaveLength(1);
  });

  it('builds the generated table, and every JSON operation loads its response schema', async () => {
    const operations = buildOperations(operationRows, responseSchemaModules);
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(operation.loadResponseSchema === undefined, operation.operationId).toBe(operation.responseKind !== 'json');
      const schema = await operation.loadResponseSchema?.();
      if (schema) expect(typeof schema.safeParse, operation.operationId).toBe('function');
    }
  });
});
