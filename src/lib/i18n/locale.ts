import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { whenScreenIn } from '../hydration';
import { readLanguageChoice } from '../session-storage';
import './catalogue';

/**
 * The page's language: which one, its catalogues, and the change from one to another.
 *
 * The catalogue is cut by area (src/lib/messages), one compiled `.po` file per area and language
 * (src/locales). The first screen's English comes with the first screen; every other catalogue
 * loads when it is needed, in the page's language only: an area's module waits for its own
 * ({@link areaLoaded}), and a change of language loads, for every area in use, the new one
 * before the page changes.
 */

/** The languages a user can choose, each named in its own language (the switch shows these). */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;
/** The languages, and the pseudo-locale the tests use to find a text that bypasses the catalogue. */
export type Locale = Language | 'pseudo';

export function isLocale(value: string): value is Locale {
  return value === 'pseudo' || Object.hasOwn(LANGUAGES, value);
}

const catalogues = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');
const loads = new Map<string, Promise<void>>([['en/first-screen', Promise.resolve()]]);
const areasInUse = new Set<string>(['first-screen']);

function loadCatalogue(locale: Locale, area: string): Promise<void> {
  const key = `${locale}/${area}`;
  let load = loads.get(key);
  if (!load) {
    const importer = catalogues[`../../locales/${key}.po`];
    load = importer ? importer().then(({ messages }) => i18n.load(locale, messages)) : Promise.reject(new Error(`No catalogue ${key}`));
    // A failed load (the network) is tried again the next time it is needed.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** Resolves once an area's messages are there in the page's language (its module awaits this). */
export function areaLoaded(area: string): Promise<void> {
  areasInUse.add(area);
  return loadCatalogue(currentLocale(), area);
}

export function currentLocale(): Locale {
  const locale = i18n.locale;
  return isLocale(locale) ? locale : 'en';
}

/** The locale `Intl` formats dates and names in: the portal serves plans in the United States. */
export function intlLocale(locale: Locale = currentLocale()): string {
  return locale === 'es' ? 'es-US' : 'en-US';
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The plural category of a count in the page's language (`one`, `other`, and the others some
 * languages have), for a message the sign-in screen shows while it becomes interactive. Lingui's
 * `plural` also writes the count with `Intl.NumberFormat`, and the first number or date
 * formatter a page makes loads the browser's formatting data: 40-90 ms of the main thread here,
 * four times that on the slow phone Lighthouse models. `Intl.PluralRules` costs about 1 ms.
 * Messages shown later use `plural` itself.
 */
export function pluralCategory(count: number): Intl.LDMLPluralRule {
  const locale = intlLocale();
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/**
 * The language of a first visit: the one chosen on this device before, else the first of the
 * browser's preferred languages the portal speaks, else English.
 */
export function initialLocale(): Locale {
  const chosen = readLanguageChoice();
  if (chosen && isLocale(chosen)) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (Object.hasOwn(LANGUAGES, primary)) return primary as Language;
  }
  return 'en';
}

/** Loads `locale`'s catalogue of every area in use, without speaking it yet. */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([...areasInUse].map((area) => loadCatalogue(locale, area)));
}

/** How many changes of language were asked for: the last one asked wins, whichever loads first. */
let asked = 0;

/**
 * Speaks `locale` from now on: loads its catalogue of every area in use, then switches, so no
 * screen is drawn with a text missing, and not while a prerendered page is being taken over
 * ({@link whenScreenIn}). A change asked for since wins over this one. `<html lang>` follows.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const ask = (asked += 1);
  await Promise.all([loadLocale(locale), whenScreenIn()]);
  if (ask !== asked) return;
  i18n.activate(locale);
  document.documentElement.lang = locale === 'pseudo' ? 'en-XA' : intlLocale(locale);
}

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/** The page's locale, re-rendering the caller when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
