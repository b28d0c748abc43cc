import { describe, expect, it } from 'vitest';
import { normaliseRole } from '../auth-role';
import { isRole, siteOf } from '../roles';

describe('normaliseRole', () => {
  it.each([
    ['ROLE_PARTICIPANT', 'ROLE_PARTICIPANT'],
    ['PARTICIPANT', 'ROLE_PARTICIPANT'],
    ['PLAN_ADMIN', 'ROLE_PLAN_ADMIN'],
    ['ROLE_PLAN_ADVISOR', 'ROLE_PLAN_ADVISOR'],
    ['TPA', 'ROLE_TPA'],
    ['OTHER', 'ROLE_OTHER'],
  ])('stores %j as %j', (value, stored) => {
    expect(normaliseRole(value)).toBe(stored);
  });

  it.each([['participant'], ['ROLE_ROLE_TPA'], ['ADMIN'], [''], ['ROLE_'], [null], [undefined]])('refuses %j', (value) => {
    expect(normaliseRole(value)).toBeNull();
  });

  it('gives only stored roles, whose site drops the prefix', () => {
    const role = normaliseRole('PLAN_ADMIN');
    expect(role !== null && isRole(role)).toBe(true);
    expect(role && siteOf(role)).toBe('plan_admin');
  });
});
