// How much of the contract a run exercised: per operation, each status it declares (`default`
// aside), and whether the run received that status from that operation at least once, from any
// kind of row (a named example, the sign-in, a journey's step, a generated request, shrinking
// included). A 4XX-style range counts as exercised by any status it covers that the operation
// does not declare on its own, as the checks read it.
import { declaredResponse, declaredStatuses } from './contract.mjs';

/**
 * @typedef {object} Coverage
 * @property {number} declared the statuses the contract's operations declare, `default` aside
 * @property {number} exercised how many of them the run received
 * @property {number} percent exercised of declared, in percent, rounded down to one decimal (0 when nothing is declared)
 * @property {Record<string, Record<string, boolean>>} operations per operation (the contract's order), per declared status, exercised or not
 */

/** The statuses a row received: its own, and for generated requests every status they got. */
function statusesOf(row) {
  const statuses = typeof row.status === 'number' ? [row.status] : [];
  for (const status of Object.keys(row.fuzz?.statuses ?? {})) if (/^\d{3}$/.test(status)) statuses.push(Number(status));
  return statuses;
}

/**
 * @param {import('./contract.mjs').Contract} contract
 * @param {{ operationId: string, status?: number | null, fuzz?: { statuses?: Record<string, number> } }[]} rows
 * @returns {Coverage}
 */
export function coverageOf(contract, rows) {
  /** @type {Record<string, Record<string, boolean>>} */
  const operations = {};
  for (const entry of contract.operations) {
    operations[entry.operation.operationId] = Object.fromEntries(declaredStatuses(entry.operation).map((status) => [status, false]));
  }
  for (const row of rows) {
    const entry = contract.byId.get(row.operationId);
    if (!entry) continue;
    for (const status of statusesOf(row)) {
      const key = declaredResponse(contract, entry, status)?.key;
      if (key !== undefined) operations[row.operationId][key] = true;
    }
  }
  const all = Object.values(operations).flatMap((statuses) => Object.values(statuses));
  const exercised = all.filter(Boolean).length;
  const percent = all.length ? Math.floor((exercised * 1000) / all.length) / 10 : 0;
  return { declared: all.length, exercised, percent, operations };
}

/** The coverage as the console shows it: the totals, then per operation a line `getCredentials  200 ✓  401 ·`. */
export function formatCoverage(coverage) {
  const width = Math.max(9, ...Object.keys(coverage.operations).map((id) => id.length));
  return [
    `coverage: ${coverage.exercised} of ${coverage.declared} declared statuses exercised (${coverage.percent.toFixed(1)}%); ✓ received at least once, · not`,
    ...Object.entries(coverage.operations).map(([id, statuses]) =>
      `${id.padEnd(width)}  ${Object.entries(statuses)
        .map(([status, exercised]) => `${status} ${exercised ? '✓' : '·'}`)
        .join('  ')}`.trimEnd(),
    ),
  ];
}
