// The run's outcome (exit code and its one-line reason) and its three reports: the table for a
// person, JSON for machines, JUnit XML for CI systems. Every report is made from the same
// object, so a run cut short reports the same way as a finished one.
import { hostname } from 'node:os';
import { describeViolation } from './checks.mjs';
import { formatCoverage } from './coverage.mjs';
import { NOT_SELECTED_ONLY } from './run.mjs';

/**
 * @typedef {object} Outcome
 * @property {0 | 1 | 2} exitCode 0 every exercised operation conforms; 1 violations; 2 the kit
 *   could not run as asked (bad arguments, unreachable gateway, failed sign-in, a run cut short,
 *   or operations that could not be exercised without --allow-skip)
 * @property {'passed' | 'failed' | 'incomplete' | 'aborted'} status
 * @property {string} reason one line
 */

/**
 * @typedef {object} Report
 * @property {string} kit
 * @property {string} gateway
 * @property {{ file: string, version: string }} contract
 * @property {string} startedAt
 * @property {number} durationMs
 * @property {number} peakMemoryMb the kit's peak resident memory (VmHWM on Linux, else maxRSS)
 * @property {Outcome} outcome
 * @property {number} [seed] the seed of the generated requests, when the run generated any
 * @property {{ passed: number, failed: number, skipped: number, notSelected: number }} summary rows by result
 * @property {{ name: string, description: string, result: string, reason?: string }[]} sequences each journey's outcome
 * @property {import('./coverage.mjs').Coverage} [coverage] the declared statuses the run received, per operation
 * @property {import('./run.mjs').Row[]} rows
 */

/** The summary of a list of rows: how many passed, failed, were skipped or not selected. */
export function summarise(rows) {
  const count = (result) => rows.filter((row) => row.result === result).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), notSelected: count('not selected') };
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The exit code and its reason. A run cut short (unreachable gateway, failed sign-in, a signal,
 * an internal error) is 2 whatever it found; then violations, and a coverage below
 * `minCoverage` percent, make 1; then operations or journeys that could not be exercised make 2
 * unless `allowSkip`; a run that exercised nothing is 2. Rows are requests, except `fuzz` rows:
 * one fuzz run each (an operation's generated valid, or invalid, requests).
 *
 * @param {import('./run.mjs').Row[]} rows
 * @param {string | null} aborted
 * @param {{ allowSkip?: boolean, minCoverage?: number, coverage?: import('./coverage.mjs').Coverage }} [options]
 * @returns {Outcome}
 */
export function outcomeOf(rows, aborted, { allowSkip = false, minCoverage, coverage } = {}) {
  if (aborted) return { exitCode: 2, status: 'aborted', reason: aborted };
  const summary = summarise(rows);
  // The percentage as every report shows it (rounded down) is the one held to the bound.
  const percent = coverage?.percent ?? 0;
  const below = minCoverage !== undefined && percent < minCoverage;
  const coverageReason =
    minCoverage === undefined
      ? ''
      : `coverage ${percent.toFixed(1)}% (${coverage?.exercised ?? 0} of ${coverage?.declared ?? 0} declared statuses exercised) ${below ? 'is below' : 'meets'} --min-coverage ${minCoverage}`;
  const sent = rows.filter((row) => row.result === 'passed' || row.result === 'failed');
  const counts = (kind) => {
    const of = sent.filter((row) => (row.kind === 'fuzz') === (kind === 'fuzz'));
    return { sent: of.length, failed: of.filter((row) => row.result === 'failed').length };
  };
  const requests = counts('request');
  const fuzzRuns = counts('fuzz');
  if (summary.failed || below) {
    if (!summary.failed) return { exitCode: 1, status: 'failed', reason: coverageReason };
    const operations = new Set(rows.filter((row) => row.result === 'failed').map((row) => row.operationId)).size;
    const parts = [
      requests.failed && `${requests.failed} of ${plural(requests.sent, 'request')}`,
      fuzzRuns.failed && `${fuzzRuns.failed} of ${plural(fuzzRuns.sent, 'fuzz run')}`,
    ].filter(Boolean);
    return {
      exitCode: 1,
      status: 'failed',
      reason: `${parts.join(' and ')} ${summary.failed === 1 ? 'breaks' : 'break'} the contract (${plural(operations, 'operation')})${below ? `; ${coverageReason}` : ''}`,
    };
  }
  if (summary.skipped && !allowSkip) {
    const skipped = rows.filter((row) => row.result === 'skipped');
    const operations = new Set(skipped.filter((row) => row.kind !== 'sequence').map((row) => row.operationId)).size;
    const journeys = new Set(skipped.filter((row) => row.kind === 'sequence').map((row) => row.sequence)).size;
    const what = [operations && plural(operations, 'operation'), journeys && plural(journeys, 'journey')].filter(Boolean).join(' and ');
    const why = [...new Set(skipped.map((row) => row.note))].join('; ');
    return {
      exitCode: 2,
      status: 'incomplete',
      reason: `${what} could not be exercised (${why}); --allow-skip accepts that`,
    };
  }
  if (sent.length === 0) return { exitCode: 2, status: 'incomplete', reason: 'no request was sent: nothing was selected that could run' };
  const done = [plural(requests.sent, 'request'), fuzzRuns.sent && plural(fuzzRuns.sent, 'fuzz run')].filter(Boolean).join(', ');
  const skipped = summary.skipped ? `, ${summary.skipped} skipped (--allow-skip)` : '';
  const bound = coverageReason ? `; ${coverageReason}` : '';
  return { exitCode: 0, status: 'passed', reason: `every exercised operation conforms (${done}${skipped})${bound}` };
}

/** The one line that comes first: the verdict, its reason and the exit code. */
export function verdictLine(report) {
  const { status, reason, exitCode } = report.outcome;
  return `verify-gateway: ${status.toUpperCase()}: ${reason} (exit ${exitCode})`;
}

/** A row as the table and JUnit name it: the operation and which request; a journey by its name. */
const label = (row) => {
  if (row.kind === 'sequence' && row.example === null) return `journey ${row.sequence}`;
  return `${row.operationId}${row.example ? ` (${row.example})` : ''}`;
};

/** Kinds of rows shown in a group of their own, by their kind (run.mjs's Row). */
const OWN_GROUP = new Set(['fuzz', 'auth', 'access', 'same-answer', 'throttling']);

/** The group a row is shown in: the examples (with the sign-in), a journey, the generated requests, or the probes of a kind. */
const groupOf = (row) => (row.kind === 'sequence' ? `journey ${row.sequence}` : OWN_GROUP.has(row.kind) ? row.kind : 'examples');

/**
 * The report as a table: the verdict first; then per request its status and passed or its
 * violations, in groups: the contract's examples, each journey (its steps in order), the
 * generated requests; then what was not sent, grouped by why.
 */
export function formatTable(report) {
  const { rows, summary } = report;
  // A journey's blocked step is shown in the journey; other rows that sent nothing go under the table.
  const shown = rows.filter(
    (row) => row.result === 'passed' || row.result === 'failed' || (row.kind === 'sequence' && row.example !== null),
  );
  const lines = [
    verdictLine(report),
    `gateway ${report.gateway}, contract ${report.contract.version} (strict variant)${report.seed !== undefined ? `, seed ${report.seed}` : ''}, ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  const groups = new Map();
  for (const row of shown) groups.set(groupOf(row), [...(groups.get(groupOf(row)) ?? []), row]);
  for (const [group, members] of groups) {
    const width = Math.max(9, ...members.map((row) => label(row).length));
    const indent = ' '.repeat(width + 10);
    const journey = report.sequences?.find((sequence) => group === `journey ${sequence.name}`);
    lines.push('');
    if (journey) lines.push(`journey ${journey.name} (${journey.result}): ${journey.description}`);
    if (group === 'fuzz') lines.push(`generated requests (seed ${report.seed}): each operation's valid ones, then its invalid ones`);
    lines.push(`${'operation'.padEnd(width)}  status  result`);
    for (const row of members) {
      const head = `${label(row).padEnd(width)}  ${String(row.status ?? '-').padEnd(6)}  `;
      if (row.result !== 'failed') {
        lines.push(`${head}${row.result}${row.note ? ` (${row.note})` : ''}`);
        continue;
      }
      const [first, ...rest] = row.violations.map(describeViolation);
      lines.push(`${head}FAILED: ${first}`);
      for (const violation of rest) lines.push(`${indent}${violation}`);
      if (row.note) lines.push(`${indent}${row.note}`);
      if (row.curl) lines.push(`${indent}request: ${row.curl}`);
    }
  }
  // The requests not sent, grouped by why, under the table.
  const unsent = new Map();
  for (const row of rows.filter((candidate) => !shown.includes(candidate))) {
    const key = `${row.result} (${row.note})`;
    unsent.set(key, [...(unsent.get(key) ?? []), row]);
  }
  for (const [heading, group] of unsent) {
    if (group[0].note === NOT_SELECTED_ONLY) {
      lines.push('', `${heading}: ${plural(group.length, 'operation')}`);
      continue;
    }
    lines.push('', `${heading}:`);
    let line = ' ';
    for (const id of group.map(label)) {
      if (line.length + id.length > 98) {
        lines.push(line.trimEnd());
        line = ' ';
      }
      line += ` ${id},`;
    }
    lines.push(line.replace(/,$/, ''));
  }
  if (report.coverage) lines.push('', ...formatCoverage(report.coverage));
  lines.push('', `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.notSelected} not selected`);
  return lines.join('\n');
}

// XML 1.0 allows only these characters; a gateway's bytes may hold any.
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value) =>
  String(value)
    .replace(NOT_XML, '\uFFFD')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
const attributes = (values) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xml(value)}"`)
    .join('');
const seconds = (ms) => ((ms ?? 0) / 1000).toFixed(3);

/** A failed row as the text of a JUnit failure: the operation, the request, each violation in full. */
function failureText(row) {
  const lines = [`operation: ${row.operationId} (${row.method} ${row.path})`];
  if (row.sequence) lines.push(`journey: ${row.sequence}, step: ${row.example}`);
  if (row.note) lines.push(row.note);
  if (row.curl) lines.push(`request: ${row.curl}`);
  for (const violation of row.violations) {
    lines.push('', `${violation.where}: ${violation.message}`);
    if (violation.pointer !== undefined) lines.push(`  pointer: ${violation.pointer === '' ? '"" (the whole body)' : violation.pointer}`);
    if (violation.expected !== undefined) lines.push(`  expected: ${violation.expected}`);
    if (violation.received !== undefined) lines.push(`  received: ${violation.received}`);
  }
  return lines.join('\n');
}

/**
 * The coverage as JUnit properties: the totals (`coverage.percent`, `coverage.exercised`,
 * `coverage.declared`) and per operation `coverage.<operationId>`, e.g.
 * `exercised: 200, 401; not exercised: 403, 440, 500`.
 */
function coverageProperties(coverage) {
  if (!coverage) return [];
  const list = (statuses) => (statuses.length ? statuses.join(', ') : 'none');
  return [
    { name: 'coverage.percent', value: coverage.percent.toFixed(1) },
    { name: 'coverage.exercised', value: coverage.exercised },
    { name: 'coverage.declared', value: coverage.declared },
    ...Object.entries(coverage.operations).map(([id, statuses]) => {
      const keys = Object.keys(statuses);
      return {
        name: `coverage.${id}`,
        value: `exercised: ${list(keys.filter((key) => statuses[key]))}; not exercised: ${list(keys.filter((key) => !statuses[key]))}`,
      };
    }),
  ];
}

/**
 * The report as JUnit XML (the Jenkins schema, which GitLab, GitHub and Azure reporters read): a
 * testsuite per tag for the examples, one per journey (a testcase per step, in order) and one
 * for the generated requests (a testcase per fuzz run); a `<failure>` per failed row,
 * `<skipped>` for what could not be exercised (what was not selected is left out), and an
 * `<error>` testcase when the run was cut short. The run's own properties are in every
 * testsuite (the schema has no other place for them): the gateway, the contract, the seed when
 * there is one, and the coverage.
 */
export function formatJunit(report) {
  const suites = new Map();
  for (const row of report.rows.filter((candidate) => candidate.result !== 'not selected')) {
    const suite = row.kind === 'sequence' || row.kind === 'fuzz' ? groupOf(row) : row.tag;
    suites.set(suite, [...(suites.get(suite) ?? []), row]);
  }
  if (report.outcome.status === 'aborted') suites.set('verify-gateway', [...(suites.get('verify-gateway') ?? []), null]);
  const timestamp = report.startedAt.replace(/\.\d+Z$/, '');
  const host = hostname() || 'localhost';
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const all = [...suites.values()].flat();
  const failures = all.filter((row) => row?.result === 'failed').length;
  const errors = all.filter((row) => row === null).length;
  out.push(`<testsuites${attributes({ name: 'verify-gateway', tests: all.length, failures, errors, time: seconds(report.durationMs) })}>`);
  let id = 0;
  for (const [tag, rows] of suites) {
    out.push(
      `  <testsuite${attributes({
        name: tag,
        tests: rows.length,
        failures: rows.filter((row) => row?.result === 'failed').length,
        errors: rows.filter((row) => row === null).length,
        skipped: rows.filter((row) => row?.result === 'skipped').length,
        time: seconds(rows.reduce((total, row) => total + (row?.ms ?? 0), 0)),
        timestamp,
        hostname: host,
        id: id++,
        package: 'verify-gateway',
      })}>`,
      '    <properties>',
      `      <property${attributes({ name: 'gateway', value: report.gateway })}/>`,
      `      <property${attributes({ name: 'contract', value: report.contract.version })}/>`,
      ...(report.seed !== undefined ? [`      <property${attributes({ name: 'seed', value: report.seed })}/>`] : []),
      ...coverageProperties(report.coverage).map((property) => `      <property${attributes(property)}/>`),
      '    </properties>',
    );
    for (const row of rows) {
      if (row === null) {
        out.push(
          `    <testcase${attributes({ name: 'run', classname: 'verify-gateway', time: '0' })}>`,
          `      <error${attributes({ message: report.outcome.reason, type: 'aborted' })}>${xml(report.outcome.reason)}</error>`,
          '    </testcase>',
        );
        continue;
      }
      const testcase = attributes({ name: label(row), classname: `verify-gateway.${tag.replace(/\s+/g, '-')}`, time: seconds(row.ms) });
      if (row.result === 'passed') out.push(`    <testcase${testcase}/>`);
      else if (row.result === 'skipped')
        out.push(`    <testcase${testcase}>`, `      <skipped>${xml(row.note ?? '')}</skipped>`, '    </testcase>');
      else {
        const [first] = row.violations;
        out.push(
          `    <testcase${testcase}>`,
          `      <failure${attributes({ message: first ? describeViolation(first) : 'failed', type: first?.rule ?? 'violation' })}>${xml(failureText(row))}</failure>`,
          '    </testcase>',
        );
      }
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
