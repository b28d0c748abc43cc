import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorItem } from '../../../../gateway-client/api-error';
import { recoveryCodeTexts } from '../../../lib/messages/passkeys';
import { recoveryCodeFailure } from '../recovery-code-failure';

const business = (...errors: ApiErrorItem[]) => new ApiError({ kind: 'business', method: 'POST', path: '/x', status: 200, errors });
const http = (status: number, extra: { retryAfter?: string; errors?: ApiErrorItem[] } = {}) =>
  new ApiError({ kind: 'http', method: 'POST', path: '/x', status, ...extra });

describe('recoveryCodeFailure', () => {
  it('keeps a code that is not valid (a typo to fix) and says so in the portal’s words', () => {
    expect(recoveryCodeFailure(business({ code: 'RCERR01', description: 'gateway words' }))).toEqual({
      show: 'inline',
      message: recoveryCodeTexts.notValid,
      keepCode: true,
    });
  });

  it.each([
    ['RCERR02', recoveryCodeTexts.used],
    ['RCERR03', recoveryCodeTexts.noneLeft],
  ])('empties the field for %s, a code that cannot work again', (code, message) => {
    expect(recoveryCodeFailure(business({ code, description: 'gateway words' }))).toEqual({ show: 'inline', message, keepCode: false });
  });

  it("shows a 429's wait, the code kept for when it is over", () => {
    expect(recoveryCodeFailure(http(429, { retryAfter: '300' }))).toEqual({
      show: 'inline',
      message: 'Too many attempts. Try again in 5 minutes.',
      keepCode: true,
    });
  });

  it('tells a lockout apart by its words, whatever its code', () => {
    const description = 'You have exceeded the maximum number of attempts. Your account is locked for 30 minutes.';
    expect(recoveryCodeFailure(business({ code: 'MFAERR02', description }))).toEqual({ show: 'lockout', message: description });
    expect(recoveryCodeFailure(business({ code: 'RCERR01', description }))).toEqual({ show: 'lockout', message: description });
  });

  it('shows any other refusal as the gateway describes it (a wrong password, AUERR02)', () => {
    const description = 'The username or password you entered is incorrect.';
    expect(recoveryCodeFailure(business({ code: 'AUERR02', description }))).toEqual({
      show: 'inline',
      message: description,
      keepCode: true,
    });
    expect(recoveryCodeFailure(http(400, { errors: [{ code: 'BAD', description: 'No good' }] }))).toEqual({
      show: 'inline',
      message: 'No good',
      keepCode: true,
    });
  });

  it.each([
    ['a 500, whatever its body says', http(500, { errors: [{ code: 'RCERR01', description: 'x' }] })],
    ['a 503', http(503)],
    ['a 401 without a description', http(401, { errors: [] })],
    ['no answer', new ApiError({ kind: 'network', method: 'POST', path: '/x' })],
    ['no answer in time', new ApiError({ kind: 'timeout', method: 'POST', path: '/x' })],
    ['a broken answer', new ApiError({ kind: 'contract', method: 'POST', path: '/x', status: 200 })],
    ['not a gateway error at all', new TypeError('boom')],
  ])('is an internal error for %s', (_, error) => {
    expect(recoveryCodeFailure(error)).toEqual({ show: 'internal' });
  });
});
