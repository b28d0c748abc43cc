import { parse } from '@messageformat/parser';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { poEntries } from '../../../testing/po-entries';
import { verifyTotpRegistrationBodyAuthAppNameMax } from '../../../../generated/zod/totp/totp.zod';

/*
 * The catalogues the build compiles (src/locales): every language has every English message, and
 * Spanish translates each one with the same placeholders, plural forms and tags, as a message the
 * runtime can read. A message added in src/lib/messages and extracted without its translation
 * fails here.
 */

const LOCALES = join(process.cwd(), 'src', 'locales') + '/';

const entries = (locale: string, area: string): Map<string, string> => poEntries(`${LOCALES}${locale}/${area}`);

/** What a translation must keep of its English: the named values, plural and select arguments, and numbered tags. */
function skeleton(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0]);
  return [...names, ...tags].sort();
}

const areas = readdirSync(`${LOCALES}en`).filter((name) => name.endsWith('.po'));

describe('the message catalogues', () => {
  it('cover every area in every language', () => {
    expect(areas.length).toBeGreaterThan(10);
    for (const locale of ['es', 'pseudo']) expect(readdirSync(`${LOCALES}${locale}`).sort()).toEqual([...areas].sort());
  });

  for (const area of areas) {
    describe(area, () => {
      const english = entries('en', area);

      it.each(['es', 'pseudo'])('%s has every English message, translated, with its placeholders and tags', (locale) => {
        const translated = entries(locale, area);
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        const missing = [...translated].filter(([, text]) => text.trim() === '').map(([id]) => id);
        expect(missing, `${locale} messages without a translation`).toEqual([]);
        for (const [id, text] of translated) {
          expect(skeleton(text), `${locale}: "${text}" keeps the values and tags of "${id}"`).toEqual(skeleton(id));
          expect(() => parse(text), `${locale}: "${text}" is a valid ICU message`).not.toThrow();
        }
      });

      it('English is its own source', () => {
        for (const [id, text] of english) expect(text).toBe(id);
      });
    });
  }

  it.each(['es', 'pseudo'])('%s says one English text the same way in every area', (locale) => {
    const seen = new Map<string, Set<string>>();
    for (const area of areas) for (const [id, text] of entries(locale, area)) seen.set(id, (seen.get(id) ?? new Set()).add(text));
    const differing = [...seen].filter(([, texts]) => texts.size > 1).map(([id, texts]) => `${id}: ${[...texts].join(' | ')}`);
    expect(differing).toEqual([]);
  });

  it.each(['en', 'es', 'pseudo'])("%s's default authenticator-app name is one the contract accepts", (locale) => {
    for (const area of ['totp.po', 'journey.po']) {
      const name = entries(locale, area).get('Authenticator app') ?? '';
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(verifyTotpRegistrationBodyAuthAppNameMax);
    }
  });

  it('a translation that drops a value or a tag is told apart', () => {
    expect(skeleton('Text message to {phone}')).not.toEqual(skeleton('Mensaje de texto'));
    expect(skeleton('on our <0>partners page</0>.')).not.toEqual(skeleton('en nuestra página para socios.'));
    expect(skeleton('{count, plural, one {# left} other {# left}}')).toEqual(['{count}']);
  });
});
