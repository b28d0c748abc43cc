import { describe, expect, it } from 'vitest';
import { changePasswordBody } from '../../../generated/zod/profile/profile.zod';
import { changePasswordWithTokenBody } from '../../../generated/zod/recovery/recovery.zod';
import { isPasswordAcceptable, passwordRules, type PasswordRule } from '../password-rules';

type RuleId = PasswordRule['id'];

/** [password, the rules it breaks (confirmation equal to it)]. */
const CASES: readonly (readonly [string, readonly RuleId[]])[] = [
  // Length: 7, 8, 16 and 17 characters.
  ['Abcde1!', ['length']],
  ['Abcdef1!', []],
  ['Abcdefgh12345!#$', []],
  ['Abcdefgh12345!#$x', ['length']],
  ['', ['length', 'cases', 'digitOrSymbol', 'allowed', 'noTriple', 'match']],
  ['A1b', ['length']],
  // Upper and lower case.
  ['abcdefg1', ['cases']],
  ['ABCDEFG1', ['cases']],
  ['Abcdefg1', []],
  ['aBCDEFG1', []],
  // A digit or one of the symbols, each symbol on its own.
  ['Abcdefgh', ['digitOrSymbol']],
  ['Abcdefg!', []],
  ['Abcdefg#', []],
  ['Abcdefg$', []],
  ['Abcdefg%', []],
  ['Abcdefg&', []],
  ['Abcdefg?', []],
  ['Abcdefg@', []],
  ['Abcdefg9', []],
  // Only letters, digits and those symbols.
  ['Abcdefg1*', ['allowed']],
  ['Abcdefg1 ', ['allowed']],
  ['Abcdefg1-', ['allowed']],
  ['Abcdéfg1', ['allowed']],
  ['Abcdefg1^', ['allowed']],
  ['Abc defg1', ['allowed']],
  ['Abcdefg1😀', ['allowed']],
  // No character three times in a row; twice is fine, and so is three times apart.
  ['Abbbcde1', ['noTriple']],
  ['Aaabcde1', []],
  ['Aabbcde1', []],
  ['Abcde111', ['noTriple']],
  ['Abcde11x', []],
  ['Abcde!!!', ['noTriple']],
  ['AbAbAb1!', []],
  ['Abcd1a1a', []],
  // Several at once.
  ['aaa', ['length', 'cases', 'digitOrSymbol', 'noTriple']],
  ['ABCDEFGHIJKLMNOPQ', ['length', 'cases', 'digitOrSymbol']],
];

describe('password rules', () => {
  it.each(CASES)('%j breaks %j', (password, broken) => {
    const failed = passwordRules(password, password)
      .filter((rule) => !rule.met)
      .map((rule) => rule.id);
    expect(failed).toEqual(broken);
    expect(isPasswordAcceptable(password, password)).toBe(broken.length === 0);
  });

  it.each(CASES)("agree with the contract's Password pattern on %j", (password, broken) => {
    const acceptable = broken.length === 0;
    expect(changePasswordWithTokenBody.safeParse({ token: 'reset-validated-token-0001', newPassword: password }).success).toBe(acceptable);
    expect(changePasswordBody.safeParse({ username: 'janesmith', newPassword: password }).success).toBe(acceptable);
  });

  it('needs both entries to match, exactly', () => {
    expect(passwordRules('Abcdef1!', 'Abcdef1!').find((rule) => rule.id === 'match')?.met).toBe(true);
    expect(passwordRules('Abcdef1!', 'Abcdef1! ').find((rule) => rule.id === 'match')?.met).toBe(false);
    expect(passwordRules('Abcdef1!', 'abcdef1!').find((rule) => rule.id === 'match')?.met).toBe(false);
    expect(isPasswordAcceptable('Abcdef1!', '')).toBe(false);
  });
});
