import { operationRows } from '../../../generated/operations';
import { nextTask } from '../next-task';
import { buildOperations, firstScreenModules, type ResponseSchemaModules } from './operation-table';

/** The schema modules the generated rows name. */
type SchemaModule = NonNullable<(typeof operationRows)[number][5]>;

let zodRuntime: Promise<unknown> | undefined;

/** zod's code, asked for once (again after a failure), and evaluated in a task of its own. */
function loadZod(): Promise<unknown> {
  zodRuntime ??= import('./zod-runtime').catch((error: unknown) => {
    zodRuntime = undefined;
    throw error;
  });
  return zodRuntime;
}

// Asked for with the table, ahead of the first answer to check: a page's first check waits for one
// chunk (its tag's), not two one after the other.
void loadZod().catch(() => undefined);

/**
 * A tag's zod schemas, loaded over three tasks rather than in one: zod itself is evaluated first,
 * the tag's schemas are built in the next task, and the answer is checked in the one after, so
 * that a page's first call of a kind does not hold it long (on the sign-in screen, the passkey
 * autofill's options arrive while the user types). Once loaded, at once.
 */
export function zodSchemas<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loaded: Module | undefined;
  return async () => {
    if (loaded) return loaded;
    await loadZod();
    await nextTask();
    const module = await load();
    await nextTask();
    return (loaded = module);
  };
}

/**
 * Every schema module, each loaded on first use: static `import()`s, so the bundler splits each
 * tag's zod schemas into a chunk of their own. `satisfies` makes tsc refuse a module the rows
 * name and this list lacks (a new tag in the contract), and one no row names.
 */
const schemaModules = {
  ...firstScreenModules,
  'account-setup': zodSchemas(() => import('../../../generated/zod/account-setup/account-setup.zod')),
  branding: zodSchemas(() => import('../../../generated/zod/branding/branding.zod')),
  integration: zodSchemas(() => import('../../../generated/zod/integration/integration.zod')),
  mfa: zodSchemas(() => import('../../../generated/zod/mfa/mfa.zod')),
  partner: zodSchemas(() => import('../../../generated/zod/partner/partner.zod')),
  plans: zodSchemas(() => import('../../../generated/zod/plans/plans.zod')),
  profile: zodSchemas(() => import('../../../generated/zod/profile/profile.zod')),
  recovery: zodSchemas(() => import('../../../generated/zod/recovery/recovery.zod')),
  session: zodSchemas(() => import('../../../generated/zod/session/session.zod')),
  'sign-in': zodSchemas(() => import('../../../generated/zod/sign-in/sign-in.zod')),
  totp: zodSchemas(() => import('../../../generated/zod/totp/totp.zod')),
  verification: zodSchemas(() => import('../../../generated/zod/verification/verification.zod')),
} satisfies ResponseSchemaModules<SchemaModule>;

/** Every operation of the contract (generated/operations.ts), as the API client uses them. */
export const operations = buildOperations(operationRows, schemaModules);
