import { commonTexts } from './messages/common';

/**
 * The password rules of the spec's section 5, one by one, for the live checklist a user sees
 * while choosing a password. The contract's `Password` pattern (and so the generated zod of every
 * request that sets a password) states the same rules as one expression; a test keeps the two in
 * agreement.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** The symbols a password may contain besides letters and digits. */
export const PASSWORD_SYMBOLS = '!#$%&?@';

export interface PasswordRule {
  readonly id: 'length' | 'cases' | 'digitOrSymbol' | 'allowed' | 'noTriple' | 'match';
  /** What the checklist says, as a requirement. */
  readonly label: string;
  readonly met: boolean;
}

/** Each rule, met or not, for a password and its confirmation. */
export function passwordRules(password: string, confirmation: string): readonly PasswordRule[] {
  return [
    {
      id: 'length',
      label: commonTexts.ruleLength({ min: PASSWORD_MIN, max: PASSWORD_MAX }),
      met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    { id: 'cases', label: commonTexts.ruleCases, met: /[A-Z]/.test(password) && /[a-z]/.test(password) },
    { id: 'digitOrSymbol', label: commonTexts.ruleDigitOrSymbol({ symbols: PASSWORD_SYMBOLS }), met: /[0-9!#$%&?@]/.test(password) },
    {
      id: 'allowed',
      label: commonTexts.ruleAllowed({ symbols: PASSWORD_SYMBOLS }),
      met: password !== '' && /^[A-Za-z0-9!#$%&?@]*$/.test(password),
    },
    { id: 'noTriple', label: commonTexts.ruleNoTriple, met: password !== '' && !/(.)\1\1/.test(password) },
    { id: 'match', label: commonTexts.ruleMatch, met: password !== '' && password === confirmation },
  ];
}

/** Whether a password and its confirmation meet every rule. */
export function isPasswordAcceptable(password: string, confirmation: string): boolean {
  return passwordRules(password, confirmation).every((rule) => rule.met);
}
