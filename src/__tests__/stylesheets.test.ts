import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The styling's rules, held here rather than by memory (README, "Styles"): one global sheet of
 * tokens and base rules; every other stylesheet beside the component or screen that imports it,
 * defining one block named after its file (BEM: `block`, `block__element`, `block--modifier`),
 * so no two sheets can style the same class; colours only from the tokens; media queries only at
 * the spec's breakpoints (330, 767 and 991 px).
 */

// Vitest runs from the project's root (vite.config.ts, test.root).
const src = join(process.cwd(), 'src');
const GLOBAL_SHEET = join(src, 'styles.css');
/** The spec's breakpoints, as `max-width` and as the `min-width` just above them. */
const WIDTHS = new Set([
  'max-width: 330px',
  'max-width: 767px',
  'max-width: 991px',
  'min-width: 331px',
  'min-width: 768px',
  'min-width: 992px',
]);

function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

interface Sheet {
  readonly selectors: string[];
  readonly media: string[];
  readonly keyframes: string[];
  readonly declarations: string[];
}

/** Selectors, media queries, keyframes and declarations of a stylesheet (plain CSS, no nesting). */
function parse(css: string): Sheet {
  const sheet: Sheet = { selectors: [], media: [], keyframes: [], declarations: [] };
  const walk = (text: string) => {
    let at = 0;
    while (at < text.length) {
      const open = text.indexOf('{', at);
      if (open === -1) return;
      let depth = 1;
      let close = open + 1;
      for (; depth > 0; close += 1) depth += text[close] === '{' ? 1 : text[close] === '}' ? -1 : 0;
      const prelude = text.slice(at, open).trim();
      const body = text.slice(open + 1, close - 1);
      if (prelude.startsWith('@media')) {
        sheet.media.push(prelude);
        walk(body);
      } else if (prelude.startsWith('@container')) {
        // A container query's rules are the block's own, as a media query's are.
        walk(body);
      } else if (prelude.startsWith('@keyframes')) {
        sheet.keyframes.push(prelude.replace('@keyframes', '').trim());
      } else {
        sheet.selectors.push(...prelude.split(',').map((selector) => selector.trim()));
        sheet.declarations.push(body);
      }
      at = close;
    }
  };
  walk(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  return sheet;
}

const sheets = filesUnder(src, '.css').map((path) => ({ path, name: relative(src, path), ...parse(readFileSync(path, 'utf8')) }));
const componentSheets = sheets.filter((sheet) => sheet.path !== GLOBAL_SHEET);
const modules = filesUnder(src, '.tsx').concat(filesUnder(src, '.ts'));

describe('stylesheets', () => {
  it('are the global sheet and at least one sheet beside a component', () => {
    expect(sheets.map((sheet) => sheet.path)).toContain(GLOBAL_SHEET);
    expect(componentSheets.length).toBeGreaterThan(0);
  });

  it('the global sheet holds tokens and base rules, and no component classes', () => {
    const globalSheet = sheets.find((sheet) => sheet.path === GLOBAL_SHEET);
    const classes = globalSheet?.selectors.flatMap((selector) => selector.match(/\.[\w-]+/g) ?? []) ?? [];
    // The one utility every component may use: text for screen readers only.
    expect(new Set(classes)).toEqual(new Set(['.visually-hidden']));
  });

  it.each(componentSheets.map((sheet) => [sheet.name, sheet] as const))('%s styles only its own block', (_, sheet) => {
    const block = basename(sheet.path, '.css');
    const own = new RegExp(`^${block}(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-z0-9]+(-[a-z0-9]+)*)?$`);
    for (const selector of sheet.selectors) {
      const classes = (selector.match(/\.[\w-]+/g) ?? []).map((name) => name.slice(1));
      expect(classes.length, `"${selector}" names no class of its block: it would style the whole page`).toBeGreaterThan(0);
      for (const name of classes) expect(name, `"${selector}" in ${sheet.name}`).toMatch(own);
    }
    for (const name of sheet.keyframes) expect(name, `@keyframes ${name} in ${sheet.name}`).toMatch(new RegExp(`^${block}-`));
  });

  it('name their blocks after their files, each block once', () => {
    const blocks = componentSheets.map((sheet) => basename(sheet.path, '.css'));
    expect(blocks.filter((block, index) => blocks.indexOf(block) !== index)).toEqual([]);
  });

  it.each(componentSheets.map((sheet) => [sheet.name, sheet] as const))(
    '%s is imported beside it, so it goes with its component',
    (_, sheet) => {
      const importers = modules.filter(
        (path) => dirname(path) === dirname(sheet.path) && readFileSync(path, 'utf8').includes(`import './${basename(sheet.path)}';`),
      );
      expect(importers.length).toBeGreaterThan(0);
    },
  );

  it('define every class a component names, so no screen leans on a class that no longer exists', () => {
    const defined = new Set(sheets.flatMap((sheet) => sheet.selectors.flatMap((selector) => selector.match(/\.[\w-]+/g) ?? [])));
    const components = modules.filter((path) => path.endsWith('.tsx') && !path.includes('__tests__'));
    const missing = components.flatMap((path) => {
      const source = readFileSync(path, 'utf8');
      // Literal class lists: className="a b", and the branches of className={cond ? 'a b' : 'a'}.
      const lists = [
        ...[...source.matchAll(/className="([^"]*)"/g)].map((match) => match[1] ?? ''),
        ...[...source.matchAll(/className=\{([^{}]*)\}/g)].flatMap((match) =>
          [...(match[1] ?? '').matchAll(/[?:]\s*'([^']*)'/g)].map((branch) => branch[1] ?? ''),
        ),
      ];
      return lists
        .flatMap((list) => list.split(/\s+/).filter(Boolean))
        .filter((name) => !defined.has(`.${name}`))
        .map((name) => `${relative(src, path)}: .${name}`);
    });
    expect(missing).toEqual([]);
  });

  it.each(componentSheets.map((sheet) => [sheet.name, sheet] as const))('%s takes its colours from the tokens', (_, sheet) => {
    for (const body of sheet.declarations) expect(body).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgb|rgba|hsl|hsla)\(|\b(white|black)\b/i);
  });

  it.each(sheets.map((sheet) => [sheet.name, sheet] as const))("%s has media queries only at the spec's breakpoints", (_, sheet) => {
    for (const query of sheet.media) {
      for (const [, feature] of query.matchAll(/\(((?:max|min)-width:\s*[^)]+)\)/g)) {
        expect(WIDTHS, `${query} in ${sheet.name}`).toContain(feature?.replace(/\s+/g, ' '));
      }
    }
  });
});
