import { describe, expect, it } from 'vitest';
import { findOperation, isPathTemplate, parameterCount, pathPattern } from '../src/operation-matcher';

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

  it('counts parameters', () => {
    expect(parameterCount('/login-gateway/status')).toBe(0);
    expect(parameterCount('/user/{userId}/contact')).toBe(1);
    expect(parameterCount('/partner/{userId}/plan/{planId}/info')).toBe(2);
  });
});

describe('findOperation', () => {
  const entry = (method: string, path: string) => ({ method, path });
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
