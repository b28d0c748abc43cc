import { checkedSchema, type ResponseSchema } from '../../../common/schema-check';
import { firstScreenRows, firstScreenSchemas } from '../../../generated/first-screen';
import type { ApiOperation, OperationSecurity, ResponseKind } from '../../../gateway-client/api-client';

/*
 * What the rows codegen writes into generated/ mean to the API client: each row becomes an
 * operation with, for a JSON answer, a loader of its response schema. The
 * first screen's two operations are known from the start; every other one comes with
 * ./operations.ts, which loads when a call needs it (loadOperations), so the first screen does
 * not carry the contract's whole table.
 */

/**
 * One row of generated/operations.ts: the module names where the 2xx answer's schema is
 * (`<operationId>Response` in it), null when the answer is text or empty.
 */
export type OperationRow<Module extends string = string> = readonly [
  operationId: string,
  method: string,
  path: string,
  security: OperationSecurity,
  responseKind: ResponseKind,
  schemaModule: Module | null,
];

export type ResponseSchemaModules<Module extends string> = Readonly<Record<Module, () => Promise<Readonly<Record<string, unknown>>>>>;

/**
 * The operations of rows, each with, for a JSON answer, a loader of its schema. The types make tsc refuse a row whose module is not among schemaModules, which would
 * otherwise leave a JSON answer unchecked.
 */
export function buildOperations<Module extends string>(
  rows: readonly OperationRow<Module>[],
  schemaModules: ResponseSchemaModules<Module>,
): ApiOperation[] {
  return rows.map(([operationId, method, path, security, responseKind, schemaModule]) => ({
    operationId,
    method,
    path,
    security,
    responseKind,
    // codegen names a module only when it exports `<operationId>Response` (the operation table
    // test loads every one), so the bundle carries no check of its own.
    loadResponseSchema:
      schemaModule === null
        ? undefined
        : () => schemaModules[schemaModule]().then((module) => module[`${operationId}Response`] as ResponseSchema),
  }));
}

/** The first screen's answers, checked against the contract's JSON Schema rather than by zod. */
const firstScreenChecks: Readonly<Record<string, ResponseSchema>> = Object.fromEntries(
  Object.entries(firstScreenSchemas).map(([name, schema]) => [name, checkedSchema(schema)]),
);

export const firstScreenModules = { 'first-screen': async () => firstScreenChecks } as const;

/** The operations the first screen calls: the API client knows them from the start. */
export const firstScreenOperations = buildOperations(firstScreenRows, firstScreenModules);

/** Every operation of the contract, loaded with the first call beyond the first screen's (or ahead of it). */
export const loadOperations = () => import('./operations').then((module) => module.operations);
