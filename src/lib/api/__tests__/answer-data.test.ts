import { describe, expect, it } from 'vitest';
import { answerData } from '../answer-data';

describe('answerData', () => {
  it('returns the payload of a success, null included', () => {
    expect(answerData({ data: { url: '/participant' }, errors: [] })).toEqual({ url: '/participant' });
    expect(answerData({ data: null })).toBeNull();
  });

  it('refuses a business failure, which the API client never lets through', () => {
    expect(() => answerData({ errors: [{ code: 'AUERR02', description: 'Invalid username or password.' }] })).toThrow(TypeError);
  });
});
