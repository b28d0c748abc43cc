import { z } from 'zod';
import { signInWithRecoveryCodeBody } from '../../../generated/zod/sign-in/sign-in.zod';
import { recoveryCodeTexts } from '../../lib/messages/passkeys';

/** The contract's rule for a typed recovery code (8 to 40 letters and digits, hyphens or spaces between). */
const contractCode = signInWithRecoveryCodeBody.shape.recoveryCode;

/**
 * The recovery-code form: the code as typed, full-width letters and digits (an East Asian
 * keyboard's) reduced to ASCII and the spaces around it dropped, then the contract's rule (the
 * generated schema decides; the messages are the screen's). Case, hyphens and inner spaces stay:
 * the gateway compares without them.
 */
export const recoveryCodeSchema = z.object({
  recoveryCode: z
    .string()
    .transform((value) => value.normalize('NFKC').trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => recoveryCodeTexts.required, abort: true })
        .refine((code) => contractCode.safeParse(code).success, { error: () => recoveryCodeTexts.format }),
    ),
});

export type RecoveryCodeInput = z.input<typeof recoveryCodeSchema>;
export type RecoveryCodeValues = z.output<typeof recoveryCodeSchema>;
