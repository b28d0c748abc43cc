import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../gateway-client/api-error';
import { totpRegistrationFailure } from '../../../lib/api/error-catalogue';
import { textOf } from '../../../lib/i18n/shown-text';
import type { NotificationInput } from '../../../lib/notifications';
import { manualEntryKey } from '../use-totp-registration';

describe('manualEntryKey', () => {
  it('groups the secret of an otpauth uri by four characters', () => {
    expect(manualEntryKey('otpauth://totp/Example%20Partner:jsmith401?secret=JBSWY3DPEHPK3PXP&issuer=Example%20Partner')).toBe(
      'JBSW Y3DP EHPK 3PXP',
    );
    expect(manualEntryKey('otpauth://totp/a?issuer=x&secret=abcdefghij==')).toBe('ABCD EFGH IJ');
  });

  it('is null without a secret', () => {
    expect(manualEntryKey('otpauth://totp/a?issuer=x')).toBeNull();
    expect(manualEntryKey('not a uri')).toBeNull();
  });
});

describe('totpRegistrationFailure', () => {
  const business = (description: string) =>
    new ApiError({ kind: 'business', method: 'POST', path: '/login-gateway/totp/registerUser', errors: [{ code: 'X', description }] });

  it('shows a message about a verified device as it is', () => {
    expect(totpRegistrationFailure(business('You already have a verified device registered.'))).toMatchObject({
      message: 'You already have a verified device registered.',
      isDismissable: false,
      dismissOnTimeout: 5000,
      isUnique: true,
    });
  });

  it("shows 'Oops, something went wrong' otherwise", () => {
    const texts = (notification: NotificationInput) => [textOf(notification.title ?? ''), textOf(notification.message ?? '')];
    expect(texts(totpRegistrationFailure(business('Registration failed')))).toEqual(['Oops, something went wrong', 'Please try again']);
    expect(texts(totpRegistrationFailure(new Error('x')))).toEqual(['Oops, something went wrong', 'Please try again']);
  });
});
