// @vitest-environment node
// The deployment's configuration (openapi/portal-config.schema.json) is checked in three places:
// by zod on the Node side (scripts/portal-config.mjs: the servers, the development
// configuration), by the first screen's zod-free checker in the page (src/lib/env.ts, with the
// part of the schema the build keeps), and by any JSON Schema tool an operator uses (ajv here).
// This holds the three to the same verdicts, key by key, on values made to bend every rule.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  checkedPart,
  checkPortalConfig,
  configFromEnvironment,
  DEVELOPMENT_CONFIG,
  environmentOf,
  PORTAL_CONFIG_SCHEMA,
  readmeWithTable,
} from '../../scripts/portal-config.mjs';
import { checkPortalConfig as checkInPage } from '../../src/lib/env.ts';
import { checkedSchema } from '../../common/schema-check.js';

const ajv = new Ajv2020({ strict: false, allErrors: true }).compile(PORTAL_CONFIG_SCHEMA);
const properties = Object.entries(PORTAL_CONFIG_SCHEMA.properties);

/** Values for each key, on both sides of its rules. */
const CANDIDATES = {
  captchaSiteKey: [
    'a'.repeat(19),
    'a'.repeat(20),
    'a'.repeat(100),
    'a'.repeat(101),
    '6Le_x-y'.padEnd(40, 'z'),
    `${'k'.repeat(30)}+`,
    `${'k'.repeat(30)} `,
  ],
  envPathPrefix: ['', '/', '/qa', '/qa/', '/qa/eu-1', 'qa', '/q a', '/qa/../x', `/${'p'.repeat(99)}`, `/${'p'.repeat(100)}`],
  idleSeconds: [0, 1, 30, 1770, 86400, 86401, -5, 1770.5, '1770'],
  apiTimeoutMs: [999, 1000, 30000, 120000, 120001, 3e4 + 0.5, '30000'],
  url: [
    'https://help.example.com',
    'https://help.example.com/',
    'https://help.example.com/a/b?c=d&e=f%20g',
    'http://help.example.com/',
    'HTTPS://help.example.com/',
    'javascript:alert(1)',
    '//help.example.com/',
    'https://help.example.com:8443/',
    'https://192.168.0.1/',
    'https://999.1.1.1/',
    'https://help.example.com/"onmouseover=alert(1)',
    'https://help.example.com/<script>',
    "https://help.example.com/'",
    'https://help.example.com/#top',
    'https://help.example.com/$uri',
    'https://help.example.com/{x}',
    `https://help.example.com/${'a'.repeat(480)}`,
    `https://help.example.com/${'a'.repeat(481)}`,
  ],
};
const ANY_KIND = [null, 7, 7.5, '', 'x', true, [], {}];

/** The development configuration with one key changed (or removed), for every candidate. */
function variants() {
  const found = [];
  for (const [key, property] of properties) {
    const own = CANDIDATES[key] ?? (property.pattern?.startsWith('^https://') ? CANDIDATES.url : []);
    for (const value of [...ANY_KIND, ...own]) found.push({ ...DEVELOPMENT_CONFIG, [key]: value });
    const { [key]: _removed, ...without } = DEVELOPMENT_CONFIG;
    found.push(without);
  }
  found.push({ ...DEVELOPMENT_CONFIG, secretKey: 'x' }, null, [], 'config', {});
  return found;
}

const keysOf = (result) => (result.ok ? [] : [...new Set(result.problems.map((problem) => problem.key))].sort());

describe('the configuration schema', () => {
  it('is judged alike by zod, ajv and the page, naming the same keys', () => {
    let refused = 0;
    for (const value of variants()) {
      const label = JSON.stringify(value)?.slice(0, 200);
      const zod = checkPortalConfig(value);
      const page = checkInPage(value);
      expect(page.ok, label).toBe(ajv(value));
      expect(zod.ok, label).toBe(ajv(value));
      expect(keysOf(page), label).toEqual(keysOf(zod));
      if (!zod.ok) refused += 1;
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('accepts only addresses a browser parses as https, so no screen throws on one', () => {
    for (const value of variants()) {
      if (!checkPortalConfig(value).ok) continue;
      for (const [key, property] of properties) {
        if (property.pattern?.startsWith('^https://')) expect(new URL(value[key]).protocol, value[key]).toBe('https:');
      }
    }
  });

  it('gives the page every rule: the part the build keeps checks what the whole schema checks', () => {
    expect(() => checkedPart(PORTAL_CONFIG_SCHEMA)).not.toThrow();
    const kept = checkedSchema(checkedPart(PORTAL_CONFIG_SCHEMA));
    for (const value of variants()) expect(kept.safeParse(value).success, JSON.stringify(value)?.slice(0, 200)).toBe(ajv(value));
    expect(() => checkedPart({ type: 'string', format: 'uri', not: {} })).toThrow(/does not know the keyword "not"/);
  });

  it('names one environment variable per key, PORTAL_ and unique, and its defaults pass', () => {
    const names = properties.map(([, property]) => property['x-env']);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^PORTAL_[A-Z_]+$/);
    const defaults = configFromEnvironment({
      ...environmentOf(DEVELOPMENT_CONFIG),
      PORTAL_IDLE_SECONDS: undefined,
      PORTAL_API_TIMEOUT_MS: undefined,
    });
    expect(defaults).toEqual({ ok: true, config: { ...DEVELOPMENT_CONFIG, idleSeconds: 1770, apiTimeoutMs: 30000 } });
  });

  it('holds nothing secret: every key is one a browser may see', () => {
    for (const [key, property] of properties)
      expect(`${key} ${property.description}`).not.toMatch(/secret|password|private key|credential/i);
    expect(PORTAL_CONFIG_SCHEMA.description).toMatch(/no secrets, ever/);
  });

  it('gives the development configuration Google’s documented test site key, which passes every captcha', () => {
    expect(DEVELOPMENT_CONFIG.captchaSiteKey).toBe('6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI');
    expect(checkPortalConfig(DEVELOPMENT_CONFIG)).toEqual({ ok: true, config: DEVELOPMENT_CONFIG });
  });

  it("is the README's table of the settings, as `node scripts/portal-config.mjs --readme` writes it", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(await readmeWithTable(readme)).toBe(readme);
  });
});
