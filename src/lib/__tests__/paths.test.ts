import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATHS, dashboardPathOf, dashboardUrl } from '../paths';

describe('dashboardPathOf', () => {
  it.each(DASHBOARD_PATHS)('accepts the dashboard %s exactly', (path) => {
    expect(dashboardPathOf(path)).toBe(path);
  });

  it.each([
    'https://evil.example/#/participant',
    '//evil.example',
    '//evil.example/participant',
    '/\\evil.example',
    '/participant/',
    '/participant?next=//evil.example',
    '/participant#x',
    '/PARTICIPANT',
    '/participant/../admin',
    'participant',
    ' /participant',
    'javascript:alert(1)',
    'acctSetup-username',
    '',
  ])('rejects %j', (url) => {
    expect(dashboardPathOf(url)).toBeNull();
  });

  it('prefixes a dashboard with the environment path', () => {
    expect(dashboardUrl('/prod', '/participant')).toBe('/prod/participant');
    expect(dashboardUrl('', '/advisor')).toBe('/advisor');
  });
});
