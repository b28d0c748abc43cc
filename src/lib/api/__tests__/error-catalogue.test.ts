import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorItem, type ApiErrorKind } from '../../../../gateway-client/api-error';
import {
  businessErrorDescription,
  failureDescription,
  isRefusal,
  lockoutDescription,
  isRateLimited,
  needsMfa,
  needsSecurityQuestion,
  rateLimitMessage,
  showSignInFailure,
} from '../error-catalogue';
import { errorMessage } from '../../activity-log';
import { isSessionStatusRefusal } from '../failures';
import { clearNotifications, useNotifications } from '../../notifications';

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
    for (const status of [401, 403, 440]) expect(isSessionStatusRefusal(error('http', status))).toBe(true);
    expect(isSessionStatusRefusal(error('http', 400))).toBe(false);
    expect(isSessionStatusRefusal(error('network', undefined))).toBe(false);
  });

  it('names the reset timeouts, the taken username and lockouts', () => {
    expect(lockoutDescription(error('business', 200, [item('X', 'Too many Attempts, try later')]))).toBe('Too many Attempts, try later');
    expect(lockoutDescription(error('business', 200, [item('X', 'The code is not valid')]))).toBeNull();
  });

  it("describes business errors and 4xx bodies, never a 5xx's", () => {
    expect(businessErrorDescription(error('business', 200, [item('A', 'Shown')]))).toBe('Shown');
    expect(businessErrorDescription(error('http', 401, [item('A', 'Also shown')]))).toBe('Also shown');
    expect(businessErrorDescription(error('http', 500, [item('A', 'Hidden')]))).toBeNull();
    expect(businessErrorDescription(error('timeout', undefined))).toBeNull();
  });

  it('calls a refusal an errors list with HTTP 200 or a 4xx, never a wait, a session status, a 5xx or no answer', () => {
    expect(isRefusal(error('business', 200, [item('A', '')]))).toBe(true);
    expect(isRefusal(error('http', 400, [item('A')]))).toBe(true);
    expect(isRefusal(error('http', 404, [item('A')]))).toBe(true);
    expect(isRefusal(error('http', 429, [item('TOO_MANY_REQUESTS')]))).toBe(false);
    expect(isRefusal(error('http', 401, []))).toBe(false);
    expect(isRefusal(error('http', 401, [item('A')]))).toBe(false);
    expect(isRefusal(error('http', 403, [item('A')]))).toBe(false);
    expect(isRefusal(error('http', 440, [item('A')]))).toBe(false);
    expect(isRefusal(error('http', 408, [item('A')]))).toBe(false);
    expect(isRefusal(error('http', 500, [item('A')]))).toBe(false);
    expect(isRefusal(error('timeout', undefined))).toBe(false);
    expect(isRefusal(new Error('not an API error'))).toBe(false);
  });

  it('names a 429, and only a 429, rate limited', () => {
    expect(isRateLimited(error('http', 429))).toBe(true);
    expect(isRateLimited(error('http', 401))).toBe(false);
    expect(isRateLimited(error('http', 503))).toBe(false);
    expect(isRateLimited(error('business', 200, [item('TOO_MANY_REQUESTS')]))).toBe(false);
    expect(isRateLimited(error('network', undefined))).toBe(false);
  });

  describe("a 429's wait, from Retry-After", () => {
    const throttled = (retryAfter?: string) =>
      new ApiError({ kind: 'http', method: 'POST', path: '/x', status: 429, errors: [item('TOO_MANY_REQUESTS', 'Slow down')], retryAfter });
    const now = Date.parse('2026-11-22T10:00:00Z');

    it.each([
      ['300', 'Too many attempts. Try again in 5 minutes.'],
      ['240', 'Too many attempts. Try again in 4 minutes.'],
      ['241', 'Too many attempts. Try again in 5 minutes.'],
      ['60', 'Too many attempts. Try again in 1 minute.'],
      ['61', 'Too many attempts. Try again in 2 minutes.'],
      ['59', 'Too many attempts. Try again in 59 seconds.'],
      ['1', 'Too many attempts. Try again in 1 second.'],
      ['0', 'Too many attempts. Try again in 1 second.'],
      ['3600', 'Too many attempts. Try again in 60 minutes.'],
    ])('in seconds: Retry-After %s reads %s', (retryAfter, text) => {
      expect(rateLimitMessage(throttled(retryAfter), now)).toBe(text);
    });

    it.each([
      ['Sun, 22 Nov 2026 10:05:00 GMT', 'Too many attempts. Try again in 5 minutes.'],
      ['Sun, 22 Nov 2026 10:04:01 GMT', 'Too many attempts. Try again in 5 minutes.'],
      ['Sun, 22 Nov 2026 10:01:00 GMT', 'Too many attempts. Try again in 1 minute.'],
      ['Sun, 22 Nov 2026 10:00:30 GMT', 'Too many attempts. Try again in 30 seconds.'],
      ['Sun, 22 Nov 2026 10:00:01 GMT', 'Too many attempts. Try again in 1 second.'],
      // A moment already past: it may be tried again at once.
      ['Sun, 22 Nov 2026 09:59:00 GMT', 'Too many attempts. Try again in 1 second.'],
    ])('as an HTTP date: Retry-After %s reads %s', (retryAfter, text) => {
      expect(rateLimitMessage(throttled(retryAfter), now)).toBe(text);
    });

    it.each([[undefined], [''], ['soon'], ['soon GMT'], ['-5'], ['1.5']])(
      'without a usable Retry-After (%s), says to try later',
      (retryAfter) => {
        expect(rateLimitMessage(throttled(retryAfter), now)).toBe('Too many attempts. Try again later.');
      },
    );

    it('has no description to show for a blank one: the caller says its own', () => {
      for (const blank of ['', '   ']) expect(businessErrorDescription(error('business', 200, [item('AUERR02', blank)]))).toBeNull();
    });

    it("shows the wait instead of the gateway's description, wherever a refusal is shown", () => {
      expect(failureDescription(throttled('120'))).toBe('Too many attempts. Try again in 2 minutes.');
      expect(failureDescription(error('http', 400, [item('A', 'Refused')]))).toBe('Refused');
    });
  });

  it('gives a 403 its server message or the HTTP one, and anything else "Internal Error"', () => {
    expect(errorMessage(error('http', 403, [item('X', 'Access is denied')]))).toBe('Access is denied');
    expect(errorMessage(error('http', 403))).toBe('Forbidden');
    expect(errorMessage(error('business', 200, []))).toBe('Has errors in response.');
    expect(errorMessage(error('http', 502))).toBe('Internal Error');
    expect(errorMessage(error('contract', 200))).toBe('Internal Error');
  });

  describe('a refused sign-in step', () => {
    const shown = (failure: unknown) => {
      clearNotifications();
      const notifications = renderHook(() => useNotifications());
      const showInline = vi.fn<(description: () => string | null) => void>();
      act(() => showSignInFailure(failure, showInline));
      const notified = notifications.result.current.length;
      // The notification area is the page's: left empty, as found, for the next test in this worker.
      act(() => clearNotifications());
      return { inline: showInline.mock.calls.map(([read]) => read()), notified };
    };

    it("says a 429's wait or the gateway's description under the form", () => {
      expect(shown(error('http', 429))).toEqual({ inline: ['Too many attempts. Try again later.'], notified: 0 });
      expect(shown(error('business', 200, [item('AUERR02', 'Invalid credentials')]))).toEqual({
        inline: ['Invalid credentials'],
        notified: 0,
      });
    });

    it('is the internal-error notification without a description to show (an empty one, a 5xx, no answer)', () => {
      for (const failure of [error('business', 200, [item('AUERR02', '')]), error('http', 500, [item('X', 'Oops')]), new Error('offline')])
        expect(shown(failure)).toEqual({ inline: [], notified: 1 });
    });
  });
});
