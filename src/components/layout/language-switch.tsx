import { useState } from 'react';
import { activateLocale, LANGUAGES, loadLocale, useLocale, type Language } from '../../lib/i18n/locale';
import './language-switch.css';

/**
 * The language switch in the page header: one button for each other language the portal speaks,
 * named in that language. The page changes language where it is, keeping what the user typed
 * (the screens re-render, none is mounted again) and the focus on the switch; the choice is
 * remembered on this device.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const others = (Object.keys(LANGUAGES) as Language[]).filter((language) => language !== locale);

  const choose = async (language: Language) => {
    if (busy) return;
    setBusy(true);
    try {
      // What remembers the choice loads beside the texts, and the choice is written as the page
      // changes language (in the same task): a reload right after speaks it.
      const [{ rememberLanguage }] = await Promise.all([import('../../lib/session-writes'), loadLocale(language)]);
      await activateLocale(language);
      rememberLanguage(language);
    } catch {
      // The language's texts could not load (the network): the page stays as it was, and a
      // second press tries again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="language-switch">
      {others.map((language, at) => (
        // Keyed by place, not language: the pressed button stays the same element, so it keeps the focus.
        <button key={at} type="button" lang={language} className="language-switch__button" onClick={() => void choose(language)}>
          {LANGUAGES[language]}
        </button>
      ))}
    </div>
  );
}
