import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, useLocale } from '../../../lib/i18n/locale';
import { firstScreenTexts } from '../../../lib/messages/first-screen';
import { LanguageSwitch } from '../language-switch';

afterEach(async () => {
  await activateLocale('en');
  window.localStorage.clear();
});

/** A screen under the router, which re-renders every screen when the language changes. */
function Form() {
  useLocale();
  return (
    <>
      <LanguageSwitch />
      <label>
        {firstScreenTexts.username}
        <input />
      </label>
    </>
  );
}

describe('the language switch', () => {
  it('changes the page where it is, keeping what was typed and the focus, and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'jane');
    const spanish = screen.getByRole('button', { name: 'Español' });
    expect(spanish).toHaveAttribute('lang', 'es');
    await user.click(spanish);

    const english = await screen.findByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Nombre de usuario' })).toHaveValue('jane');
    await waitFor(() => expect(window.localStorage.getItem('portalLanguage')).toBe('es'));

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Username' })).toHaveValue('jane');
    await waitFor(() => expect(window.localStorage.getItem('portalLanguage')).toBe('en'));
  });
});
