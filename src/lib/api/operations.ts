import { operationRows } from '../../../generated/operations';
import { buildOperations, firstScreenModules, type ResponseSchemaModules } from './operation-table';

/** The schema modules the generated rows name. */
type SchemaModule = NonNullable<(typeof operationRows)[number][5]>;

/**
 * Every schema module, each loaded on first use: static `import()`s, so the bundler splits each
 * tag's zod schemas into a chunk of their own. `satisfies` makes tsc refuse a module the rows
 * name and this list lacks (a new tag in the contract), and one no row names.
 */
const schemaModules = {
  ...firstScreenModules,
  'account-setup': () => import('../../../generated/zod/account-setup/account-setup.zod'),
  branding: () => import('../../../generated/zod/branding/branding.zod'),
  integration: () => import('../../../generated/zod/integration/integration.zod'),
  mfa: () => import('../../../generated/zod/mfa/mfa.zod'),
  partner: () => import('../../../generated/zod/partner/partner.zod'),
  plans: () => import('../../../generated/zod/plans/plans.zod'),
  profile: () => import('../../../generated/zod/profile/profile.zod'),
  recovery: () => import('../../../generated/zod/recovery/recovery.zod'),
  session: () => import('../../../generated/zod/session/session.zod'),
  'sign-in': () => import('../../../generated/zod/sign-in/sign-in.zod'),
  totp: () => import('../../../generated/zod/totp/totp.zod'),
  verification: () => import('../../../generated/zod/verification/verification.zod'),
} satisfies ResponseSchemaModules<SchemaModule>;

/** Every operation of the contract (generated/operations.ts), as the API client uses them. */
export const operations = buildOperations(operationRows, schemaModules);
