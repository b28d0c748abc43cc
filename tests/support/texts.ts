import type { Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { poEntries } from '../../src/testing/po-entries';

/*
 * The portal's texts in the language a page shows, for tests that walk screens in Spanish or in
 * the pseudo-locale: `t('Continue')` is the catalogue's translation of the English (the spec's)
 * text, read from the `.po` files the build compiles (src/locales), so a test names what a user
 * reads in that language.
 */

export type TestLocale = 'en' | 'es' | 'pseudo';

const LOCALES = fileURLToPath(new URL('../../src/locales/', import.meta.url));
const catalogues = new Map<TestLocale, Map<string, string>>();

function catalogue(locale: TestLocale): Map<string, string> {
  let found = catalogues.get(locale);
  if (found) return found;
  found = new Map();
  for (const file of readdirSync(`${LOCALES}${locale}`).filter((name) => name.endsWith('.po'))) {
    for (const [id, text] of poEntries(`${LOCALES}${locale}/${file}`)) if (!found.has(id)) found.set(id, text);
  }
  catalogues.set(locale, found);
  return found;
}

/** The translation of an English text in `locale` (the English itself in English); throws for a text the catalogue lacks. */
export function translate(locale: TestLocale, english: string): string {
  if (locale === 'en') return english;
  const text = catalogue(locale).get(english);
  if (!text) throw new Error(`No ${locale} text for "${english}"`);
  return text;
}

/** The locale a page speaks, by its `<html lang>` once the portal has set it (index.html's is a bare `en`). */
export async function localeOf(page: Page): Promise<TestLocale> {
  await page.waitForFunction(() => document.documentElement.lang.includes('-'));
  const lang = await page.evaluate(() => document.documentElement.lang);
  return lang === 'en-XA' ? 'pseudo' : lang.startsWith('es') ? 'es' : 'en';
}

/** A translator for the language the page speaks now. */
export async function textsOf(page: Page): Promise<(english: string) => string> {
  const locale = await localeOf(page);
  return (english) => translate(locale, english);
}

/** Makes a page choose `locale` on its first load, as a choice remembered on this device would. */
export async function chooseLocale(page: Page, locale: TestLocale): Promise<void> {
  await page.addInitScript((chosen) => window.localStorage.setItem('portalLanguage', chosen), locale);
}
