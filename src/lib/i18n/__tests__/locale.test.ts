import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationDone, takeoverStarts } from '../../hydration';
import { firstScreenTexts } from '../../messages/first-screen';
import { activateLocale, currentLocale, initialLocale, intlLocale, loadLocale } from '../locale';

afterEach(async () => {
  await activateLocale('en');
  window.localStorage.clear();
});

describe('the language of a first visit', () => {
  it('is the one chosen on this device before', () => {
    window.localStorage.setItem('portalLanguage', 'es');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(initialLocale()).toBe('es');
  });

  it("else the first of the browser's languages the portal speaks, by its primary tag", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'es-MX', 'en-US']);
    expect(initialLocale()).toBe('es');
  });

  it('else English; a stored value that is no language is ignored', () => {
    window.localStorage.setItem('portalLanguage', 'klingon');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
    expect(initialLocale()).toBe('en');
  });
});

describe('a change of language', () => {
  it('changes every text read after it, of the areas loaded before and after, and <html lang>', async () => {
    const { journeyTexts } = await import('../../messages/journey');
    expect(journeyTexts.securityAnswer).toBe('Security Answer');
    await activateLocale('es');
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es-US');
    expect(firstScreenTexts.signIn).toBe('Iniciar sesión');
    expect(journeyTexts.securityAnswer).toBe('Respuesta de seguridad');
    const { sessionTexts } = await import('../../messages/session');
    expect(sessionTexts.loggedOutIn({ seconds: 1 })).toBe('Por inactividad, se cerrará la sesión en 1 segundo.');
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en-US');
    expect(sessionTexts.loggedOutIn({ seconds: 30 })).toBe('You will be logged out in 30 seconds due to inactivity.');
    expect(intlLocale()).toBe('en-US');
  });

  it('the last one asked for wins, whichever language loads first', async () => {
    // A page's first change: no catalogue but the first screen's English has loaded.
    vi.resetModules();
    const page = await import('../locale');
    // Spanish loads (its catalogue is fetched), English is there: asked for in that order, English.
    await Promise.all([page.activateLocale('es'), page.activateLocale('en')]);
    expect(page.currentLocale()).toBe('en');
    // The start-up language, then the user's choice before it came: the user's.
    await Promise.all([page.activateLocale('en'), page.activateLocale('es')]);
    expect(page.currentLocale()).toBe('es');
  });

  it('waits while a prerendered page is taken over, until its screen is in', async () => {
    await loadLocale('es');
    takeoverStarts();
    let spoken = false;
    const change = activateLocale('es').then(() => (spoken = true));
    // Its catalogue is in: only the takeover holds it.
    for (let task = 0; task < 5; task += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(spoken).toBe(false);
    expect(currentLocale()).toBe('en');
    render(createElement(HydrationDone));
    await change;
    expect(currentLocale()).toBe('es');
  });
});
