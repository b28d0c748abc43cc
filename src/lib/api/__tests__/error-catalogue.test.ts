import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorItem, type ApiErrorKind } from '../api-error';
import { businessErrorDescription, isLockout, needsMfa, needsSecurityQuestion } from '../error-catalogue';
import { errorMessage, isSessionRejected, isUnauthorized } from '../failures';

function error(kind: ApiErrorKind, status: number | undefined, errors: ApiErrorItem[] = []) {
  return new ApiError({ kind, method: 'GET', path: '/x', ...(status === undefined ? {} : { status }), errors });
}
const item = (code: string, description = code) => ({ code, description });

describe('the error catalogue', () => {
  it('names the sign-in codes', () => {
    expect(needsSecurityQuestion(error('business', 200, [item('AUERR01')]))).toBe(true);
    expect(needsMfa(error('business', 200, [item('AUERR05')]))).toBe(true);
    expect(needsMfa(error('business', 200, [item('AUERR01')]))).toBe(false);
  });

  it('names the session statuses', () => {
    expect(isSessionRejected(error('http', 403))).toBe(true);
    expect(isSessionRejected(error('http', 440))).toBe(true);
    expect(isSessionRejected(error('http', 401))).toBe(false);
    expect(isUnauthorized(error('http', 401))).toBe(true);
    expect(isUnauthorized(error('network', undefined))).toBe(false);
  });

  it('names the reset timeouts, the taken username and lockouts', () => {
    expect(isLockout(error('business', 200, [item('X', 'Too many Attempts, try later')]))).toBe(true);
    expect(isLockout(error('business', 200, [item('X', 'The code is not valid')]))).toBe(false);
  });

  it("describes business errors and 4xx bodies, never a 5xx's", () => {
    expect(businessErrorDescription(error('business', 200, [item('A', 'Shown')]))).toBe('Shown');
    expect(businessErrorDescription(error('http', 401, [item('A', 'Also shown')]))).toBe('Also shown');
    expect(businessErrorDescription(error('http', 500, [item('A', 'Hidden')]))).toBeNull();
    expect(businessErrorDescription(error('timeout', undefined))).toBeNull();
  });

  it('gives a 403 its server message or the HTTP one, and anything else "Internal Error"', () => {
    expect(errorMessage(error('http', 403, [item('X', 'Access is denied')]))).toBe('Access is denied');
    expect(errorMessage(error('http', 403))).toBe('Forbidden');
    expect(errorMessage(error('business', 200, []))).toBe('Has errors in response.');
    expect(errorMessage(error('http', 502))).toBe('Internal Error');
    expect(errorMessage(error('contract', 200))).toBe('Internal Error');
  });
});
