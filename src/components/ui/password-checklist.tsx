import { passwordRules } from '../../lib/password-rules';
import './password-checklist.css';
import { commonTexts } from '../../lib/messages/common';

/**
 * The password rules as a live checklist: each shows whether it is met, in words as well as by
 * its mark, and a polite live region tells screen-reader users how many are met as they type.
 * A field describes itself with `id` and `${id}-rules`: the title and the rules as words that do
 * not change as the user types (whether each is met is the list's, and the live count's).
 */
export function PasswordChecklist({
  password,
  confirmation,
  id,
}: {
  readonly password: string;
  readonly confirmation: string;
  readonly id?: string;
}) {
  const rules = passwordRules(password, confirmation);
  const met = rules.filter((rule) => rule.met).length;
  return (
    <div className="password-checklist">
      <p className="password-checklist__title" id={id}>
        {commonTexts.passwordMustHave}
      </p>
      {id === undefined ? null : (
        <p id={`${id}-rules`} hidden>
          {rules.map((rule) => rule.label).join('. ')}
        </p>
      )}
      <ul className="password-checklist__list" aria-labelledby={id}>
        {rules.map((rule) => (
          <li key={rule.id} className={rule.met ? 'password-checklist__item password-checklist__item--met' : 'password-checklist__item'}>
            <span aria-hidden="true">{rule.met ? '✓' : '✗'}</span> {rule.label}
            <span className="visually-hidden">{rule.met ? commonTexts.ruleMet : commonTexts.ruleNotMet}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {password === '' ? '' : commonTexts.rulesMet({ met, total: rules.length })}
      </p>
    </div>
  );
}
