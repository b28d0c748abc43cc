import schema from '../../openapi/portal-config.schema.json';
import { checkedSchema, type CheckedSchema } from '../../common/schema-check';

/**
 * This deployment's configuration: one build serves every environment, and the server writes
 * what differs into the page when it starts, as a JSON data block (`<script
 * id="portal-config" type="application/json">`: not run, so the CSP needs no exception, and no
 * request). `src/start.tsx` reads it once, before the first screen, and checks it against
 * `openapi/portal-config.schema.json` (the README's table describes each key).
 */
export interface PortalEnv {
  readonly captchaSiteKey: string;
  /** Prefix for the dashboard addresses of this environment (empty in development). */
  readonly envPathPrefix: string;
  readonly idleSeconds: number;
  readonly apiTimeoutMs: number;
  /** The help centre (https). */
  readonly helpCenterUrl: string;
  /** Where advisers request an account (https). */
  readonly partnersPageUrl: string;
  /** The logout survey; the user type is added as a query parameter (https). */
  readonly surveyUrl: string;
}

/** One thing wrong with the configuration: the key ('' for the whole of it) and what is wrong. */
export interface ConfigProblem {
  readonly key: string;
  readonly message: string;
}

export type ConfigReading =
  { readonly ok: true; readonly env: PortalEnv } | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

export const CONFIG_ELEMENT_ID = 'portal-config';

// The first screen's zod-free checker (zod would cost the first screen 6.8 KB gzip): the build
// keeps only the keywords it checks (scripts/portal-config.mjs, portalConfigPlugin), and
// tests/contract/portal-config.test.mjs holds its verdicts equal to zod's.
const portalConfigSchema = checkedSchema(schema as CheckedSchema);

/**
 * Checks a configuration against the schema: every key it names, of the right kind and shape,
 * and no other.
 */
export function checkPortalConfig(value: unknown): ConfigReading {
  const result = portalConfigSchema.safeParse(value);
  if (result.success) return { ok: true, env: result.data as PortalEnv };
  return { ok: false, problems: result.error.issues.map((issue) => ({ key: String(issue.path[0] ?? ''), message: issue.message })) };
}

export function readPortalConfig(page: Document): ConfigReading {
  const text = page.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text)
    return {
      ok: false,
      problems: [{ key: '', message: `the page has no configuration (script#${CONFIG_ELEMENT_ID} is missing or empty)` }],
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ key: '', message: `the configuration (script#${CONFIG_ELEMENT_ID}) is not JSON` }] };
  }
  return checkPortalConfig(value);
}

/**
 * The configuration in use, set once by `setPortalEnv` before anything reads it (start.tsx before
 * the first screen, src/testing/setup.ts for the tests): reading it earlier fails loudly.
 */
export let env: PortalEnv;

/** Sets the configuration in use (a checked one: `checkPortalConfig`). */
export function setPortalEnv(value: PortalEnv): void {
  env = value;
}
