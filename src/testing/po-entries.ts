import { readFileSync } from 'node:fs';

/**
 * A catalogue file's messages (src/locales/<locale>/<area>.po): each msgid with its msgstr, the
 * first of a repeated msgid kept. Lingui writes one line per msgid and msgstr, which is all this
 * reads. For the tests that read the catalogues (src/lib/i18n's, tests/support/texts.ts).
 */
export function poEntries(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found = new Map<string, string>();
  lines.forEach((line, at) => {
    const id = /^msgid (".+")$/.exec(line);
    const text = /^msgstr (".*")$/.exec(lines[at + 1] ?? '');
    if (!id?.[1] || !text?.[1]) return;
    const key = JSON.parse(id[1]) as string;
    if (!found.has(key)) found.set(key, JSON.parse(text[1]) as string);
  });
  return found;
}
