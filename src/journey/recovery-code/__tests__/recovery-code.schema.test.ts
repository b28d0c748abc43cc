import { describe, expect, it } from 'vitest';
import { signInWithRecoveryCodeBody } from '../../../../generated/zod/sign-in/sign-in.zod';
import { recoveryCodeTexts } from '../../../lib/messages/passkeys';
import { recoveryCodeSchema } from '../recovery-code.schema';

const messageOf = (recoveryCode: string) => {
  const result = recoveryCodeSchema.safeParse({ recoveryCode });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('recoveryCodeSchema', () => {
  it.each([
    ['rc7k-2m9q', 'rc7k-2m9q'],
    ['RC7K-2M9Q', 'RC7K-2M9Q'],
    ['rc7k 2m9q', 'rc7k 2m9q'],
    ['rc7k2m9q', 'rc7k2m9q'],
    ['  rc7k-2m9q\t', 'rc7k-2m9q'],
    // Full-width letters and digits, as an East Asian keyboard types them.
    ['ｒｃ７ｋ－２ｍ９ｑ', 'rc7k-2m9q'],
  ])('takes %j as %j: the gateway compares without case or separators', (typed, sent) => {
    expect(recoveryCodeSchema.parse({ recoveryCode: typed })).toEqual({ recoveryCode: sent });
  });

  it('asks for a code when none is typed, spaces only included', () => {
    expect(messageOf('')).toEqual([recoveryCodeTexts.required]);
    expect(messageOf('   ')).toEqual([recoveryCodeTexts.required]);
  });

  it.each(['rc7k', 'rc7k-2m9q!', '-rc7k2m9q', 'rc7k_2m9q', 'x'.repeat(41), 'rc7k\u00002m9q', 'rc7k\r\n2m9q', '<b>rc7k-2m9q</b>'])(
    'refuses %j with the format message',
    (typed) => {
      expect(messageOf(typed)).toEqual([recoveryCodeTexts.format]);
    },
  );

  it("sends only what the contract's request body takes", () => {
    for (const typed of ['rc7k-2m9q', 'ｒｃ７ｋ－２ｍ９ｑ', ' RC7K 2M9Q ']) {
      const { recoveryCode } = recoveryCodeSchema.parse({ recoveryCode: typed });
      expect(signInWithRecoveryCodeBody.safeParse({ recoveryCode, fingerprint: 'f' }).success).toBe(true);
    }
  });
});
