// Writes the pseudo-locale's catalogues (src/locales/pseudo/*.po) from the English source: every
// letter accented and each text about 30% longer, placeholders, plural forms and numbered tags
// kept. The end-to-end walk in this locale finds any text on screen that bypasses the catalogue
// (it would show unaccented) and any layout that cannot take a longer language.
//
//   node scripts/i18n-pseudo.mjs          (npm run i18n:extract runs it after `lingui extract`)
import { parse } from '@messageformat/parser';
import pseudolocale from 'pseudolocale';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const directory = fileURLToPath(new URL('../src/locales/pseudo/', import.meta.url));

/** A piece of text, its numbered tags (`<0>`, `</0>`) left as they are. */
function pseudoText(text) {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((piece, at) =>
      at % 2 === 1 || !/[A-Za-z]/.test(piece) ? piece : pseudolocale(piece, { prepend: '', append: '', extend: 0.3, extendCharacter: '~' }),
    )
    .join('');
}

/** An ICU message written back with its texts pseudo-localised. */
function pseudoMessage(tokens) {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return pseudoText(token.value);
        case 'argument':
          return `{${token.arg}}`;
        case 'octothorpe':
          return '#';
        case 'plural':
        case 'select':
        case 'selectordinal': {
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases.map((c) => `${c.key} {${pseudoMessage(c.tokens)}}`).join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
        default:
          throw new Error(`A message part this script does not know: ${token.type}`);
      }
    })
    .join('');
}

export function pseudoLocalise(message) {
  return pseudoMessage(parse(message));
}

function rewrite(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let at = 0; at < lines.length - 1; at += 1) {
    const id = /^msgid (".*")$/.exec(lines[at]);
    if (!id || id[1] === '""' || !lines[at + 1].startsWith('msgstr ')) continue;
    lines[at + 1] = `msgstr ${JSON.stringify(pseudoLocalise(JSON.parse(id[1])))}`;
  }
  writeFileSync(file, lines.join('\n'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of readdirSync(directory).filter((entry) => entry.endsWith('.po'))) rewrite(directory + name);
}
