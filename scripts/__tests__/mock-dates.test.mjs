// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daysFrom, loadScenarios, mockToday, shiftDates } from '../mock-scenarios.mjs';

const scenarios = loadScenarios(join(import.meta.dirname, '..', '..', 'openapi', 'mock-scenarios.yaml'));

describe("the mock's dates follow the day it runs", () => {
  it('reads today from MOCK_TODAY, else from the clock', () => {
    expect(mockToday({ MOCK_TODAY: '2027-03-05' })).toBe('2027-03-05');
    expect(mockToday({}, new Date(2026, 11, 24, 23, 30))).toBe('2026-12-24');
    expect(() => mockToday({ MOCK_TODAY: 'tomorrow' })).toThrow(/YYYY-MM-DD/);
  });

  it('moves every YYYY-MM-DD date by the days since the reference date, and nothing else', () => {
    const shift = daysFrom(scenarios.referenceDate, mockToday({}, new Date(2026, 11, 1, 9)));
    expect(shift).toBe(10);
    const answer = {
      data: { optionType: 9930, optionValues: { skipMfaAdoptionUntil: '2026-11-01', mandatoryMfaAdoption: '2026-12-01' } },
      changes: [{ date: '2026-11-14', features: [{ title: 'Released 2026-11-14', description: 'x' }] }],
      lastAccessed: 1795248000000,
      errors: [],
    };
    expect(shiftDates(answer, shift)).toEqual({
      data: { optionType: 9930, optionValues: { skipMfaAdoptionUntil: '2026-11-11', mandatoryMfaAdoption: '2026-12-11' } },
      changes: [{ date: '2026-11-24', features: [{ title: 'Released 2026-11-14', description: 'x' }] }],
      lastAccessed: 1795248000000,
      errors: [],
    });
  });

  it("keeps the 'near' persona 10 days from its deadline on any day", () => {
    for (const today of ['2026-11-21', '2027-02-28', '2028-02-29', '2030-12-31']) {
      const shift = daysFrom(scenarios.referenceDate, today);
      const deadline = shiftDates('2026-12-01', shift);
      expect(daysFrom(today, deadline), today).toBe(10);
    }
  });

  it('leaves the answers alone on the reference date', () => {
    const answer = { date: '2026-11-14' };
    expect(shiftDates(answer, daysFrom(scenarios.referenceDate, '2026-11-21'))).toBe(answer);
  });
});
