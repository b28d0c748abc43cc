// The deployment's configuration on the Node side: openapi/portal-config.schema.json (what the
// browser reads, and in `x-server-settings` what only the server reads), validated with zod
// (a schema built from the JSON Schema), read from the environment variables its properties
// name (`x-env`), and the development configuration that `npm start` and the end-to-end run use
// (openapi/portal-config.development.json: Google's documented test site key).
//
// The browser checks the same JSON Schema with the first screen's zod-free checker
// (src/lib/env.ts; tests/contract/portal-config.test.mjs holds the two verdicts equal).
//
//   node scripts/portal-config.mjs --readme    writes the configuration table into README.md
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ANNOTATION_KEYWORDS, CHECKED_KEYWORDS } from '../common/schema-check.js';

const root = resolve(import.meta.dirname, '..');
const README = join(root, 'README.md');

/** The schema (openapi/portal-config.schema.json). */
export const PORTAL_CONFIG_SCHEMA = JSON.parse(readFileSync(join(root, 'openapi', 'portal-config.schema.json'), 'utf8'));
/** The development configuration of `npm start` and the end-to-end run. */
export const DEVELOPMENT_CONFIG = JSON.parse(readFileSync(join(root, 'openapi', 'portal-config.development.json'), 'utf8'));

/** The schema as zod (its `x-` annotations are ignored). */
export const portalConfigSchema = z.fromJSONSchema(PORTAL_CONFIG_SCHEMA);

/**
 * @typedef {{ key: string, message: string }} ConfigProblem  One thing wrong: the key ('' for the whole), and what.
 * @typedef {{ ok: true, config: Record<string, unknown> } | { ok: false, problems: ConfigProblem[] }} ConfigCheck
 */

/**
 * Checks a configuration with zod; names each bad key, as the portal's error page does.
 * @param {unknown} value
 * @returns {ConfigCheck}
 */
export function checkPortalConfig(value) {
  const result = portalConfigSchema.safeParse(value);
  if (result.success) return { ok: true, config: /** @type {Record<string, unknown>} */ (result.data) };
  const problems = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ key, message: 'not allowed' }))
      : [{ key: String(issue.path[0] ?? ''), message: issue.message }],
  );
  return { ok: false, problems };
}

/** The properties of the schema: [key, property] with its environment variable (`x-env`). */
function properties() {
  return /** @type {[string, { type: string, pattern?: string, 'x-env': string, 'x-env-default'?: unknown, description: string }][]} */ (
    Object.entries(PORTAL_CONFIG_SCHEMA.properties)
  );
}

/** Every environment variable of a deployment: the browser's (`x-env`) and the server's (`x-server-settings`). */
export function configurationVariables() {
  return [
    ...properties().map(([, property]) => property['x-env']),
    ...PORTAL_CONFIG_SCHEMA['x-server-settings'].map((/** @type {{ env: string }} */ setting) => setting.env),
  ];
}

/**
 * The configuration a set of environment variables gives, as the server renders it: a variable
 * that is unset takes its `x-env-default` when it has one; a whole number's text becomes a number.
 * @param {Record<string, string | undefined>} environment
 * @returns {ConfigCheck}
 */
export function configFromEnvironment(environment) {
  /** @type {Record<string, unknown>} */
  const config = {};
  for (const [key, property] of properties()) {
    const raw = environment[property['x-env']];
    if (raw === undefined) {
      if ('x-env-default' in property) config[key] = property['x-env-default'];
      continue;
    }
    config[key] = property.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return checkPortalConfig(config);
}

/**
 * The environment variables that give a configuration (the inverse of configFromEnvironment).
 * @param {Record<string, unknown>} config
 * @returns {Record<string, string>}
 */
export function environmentOf(config) {
  return Object.fromEntries(properties().map(([key, property]) => [property['x-env'], String(config[key])]));
}

/**
 * The development configuration, with any PORTAL_ variable of `environment` over it (`npm start
 * -- --idle-seconds 40` sets PORTAL_IDLE_SECONDS); throws, naming the keys, when that breaks it.
 * @param {Record<string, string | undefined>} [environment]
 */
export function developmentConfig(environment = process.env) {
  const overrides = Object.fromEntries(
    configurationVariables().flatMap((name) => (environment[name] === undefined ? [] : [[name, environment[name]]])),
  );
  const checked = configFromEnvironment({ ...environmentOf(DEVELOPMENT_CONFIG), ...overrides });
  if (!checked.ok) throw new Error(`The development configuration is not valid: ${describeProblems(checked.problems)}`);
  return checked.config;
}

/** @param {ConfigProblem[]} problems */
export function describeProblems(problems) {
  return problems.map(({ key, message }) => `${key || '(the configuration)'}: ${message}`).join('; ');
}

/** The empty data block of the built index.html, which the server replaces (configBlock). */
export const CONFIG_BLOCK = '<script id="portal-config" type="application/json"></script>';

/**
 * The data block holding a configuration, as the server writes it into the page: its keys in
 * the schema's order, `<` escaped so that no value can end the element.
 * @param {Record<string, unknown>} config
 */
export function configBlock(config) {
  const ordered = Object.fromEntries(properties().map(([key]) => [key, config[key]]));
  return CONFIG_BLOCK.replace('><', `>${JSON.stringify(ordered).replace(/</g, '\\u003c')}<`);
}

/**
 * The schema as the page's checker reads it: only the keywords it checks, without the
 * descriptions and `x-` annotations, which would only add bytes to the first screen. Refuses a
 * keyword it neither checks nor knows as an annotation: a rule the page would skip.
 * @param {any} schema
 * @returns {any}
 */
export function checkedPart(schema) {
  /** @type {Record<string, unknown>} */
  const kept = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'additionalProperties' && value !== false) {
      throw new Error("openapi/portal-config.schema.json: the page's checker reads additionalProperties only as false");
    } else if (CHECKED_KEYWORDS.includes(keyword)) {
      kept[keyword] =
        keyword === 'properties' ? Object.fromEntries(Object.entries(value).map(([key, property]) => [key, checkedPart(property)])) : value;
    } else if (!ANNOTATION_KEYWORDS.includes(keyword) && !keyword.startsWith('x-') && !keyword.startsWith('$')) {
      throw new Error(`openapi/portal-config.schema.json: the page's checker does not know the keyword "${keyword}"`);
    }
  }
  return kept;
}

/**
 * The configuration's part of the Vite config: the page's script gets the schema's checked part
 * (checkedPart), and the dev server writes the development configuration into the page
 * (developmentConfig: PORTAL_ variables over openapi/portal-config.development.json), as a
 * server does; the build keeps the empty block.
 * @returns {import('vite').Plugin}
 */
export function portalConfigPlugin() {
  const schemaFile = join(root, 'openapi', 'portal-config.schema.json');
  return {
    name: 'portal-config',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== schemaFile) return null;
      return JSON.stringify(checkedPart(JSON.parse(readFileSync(schemaFile, 'utf8'))));
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!context.server) return html;
        if (!html.includes(CONFIG_BLOCK)) throw new Error(`src/index.html has no ${CONFIG_BLOCK}`);
        return html.replace(CONFIG_BLOCK, configBlock(developmentConfig()));
      },
    },
  };
}

/** The README's table of the configuration, from the schema, formatted as Prettier formats the README. */
export async function configurationTable() {
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|');
  const rows = [
    ...properties().map(([key, property]) => [
      `\`${property['x-env']}\``,
      `\`${key}\``,
      'x-env-default' in property
        ? `\`${String(property['x-env-default'])}\``
        : new RegExp(property.pattern ?? '^$').test('')
          ? 'required, may be empty'
          : 'required',
      cell(property.description),
    ]),
    ...PORTAL_CONFIG_SCHEMA['x-server-settings'].map((/** @type {{ env: string, description: string }} */ setting) => [
      `\`${setting.env}\``,
      '(nginx only)',
      'required',
      cell(setting.description),
    ]),
  ];
  const table = [
    '| environment variable | key in the page | default | meaning |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  // Only here: the Vite config and the servers import this module too.
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(README);
  return (await prettier.format(table, { ...options, parser: 'markdown' })).trimEnd();
}

export const TABLE_START =
  '<!-- configuration table: written by `node scripts/portal-config.mjs --readme` from openapi/portal-config.schema.json -->';
export const TABLE_END = '<!-- end of the configuration table -->';

/** The README with its configuration table replaced by the schema's. */
export async function readmeWithTable(readme = readFileSync(README, 'utf8')) {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no configuration table between "${TABLE_START}" and "${TABLE_END}"`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${await configurationTable()}\n\n${readme.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { readme: { type: 'boolean' } } });
  if (!values.readme) {
    console.error('usage: node scripts/portal-config.mjs --readme');
    process.exit(2);
  }
  writeFileSync(README, await readmeWithTable());
  console.log("README.md: the configuration table is the schema's");
}
