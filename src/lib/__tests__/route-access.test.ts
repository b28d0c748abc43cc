import { describe, expect, it } from 'vitest';
import { mayEnter } from '../route-access';
import type { StoredSession } from '../session-storage';

const session: StoredSession = {
  userId: '7',
  username: 'ana',
  token: 'tok',
  role: 'ROLE_PLAN_ADMIN',
  site: 'plan_admin',
  showAlerts: true,
};

describe('mayEnter', () => {
  it('needs a stored session', () => {
    expect(mayEnter(null, undefined, false)).toBe(false);
    expect(mayEnter(session, undefined, false)).toBe(true);
  });

  it('needs a role among the allowed roles when the route names any', () => {
    expect(mayEnter(session, ['ROLE_PLAN_ADMIN', 'ROLE_TPA'], false)).toBe(true);
    expect(mayEnter(session, ['ROLE_PARTICIPANT'], false)).toBe(false);
  });

  it('refuses while multi-factor adoption is in progress', () => {
    expect(mayEnter(session, undefined, true)).toBe(false);
  });
});
