// The run's outcome (exit code and its one-line reason) and its three reports: the table for a
// person, JSON for machines, JUnit XML for CI systems. Every report is made from the same
// object, so a run cut short reports the same way as a finished one.
import { hostname } from 'node:os';
import { describeViolation } from './checks.mjs';
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
 * @property {number} peakMemoryMb the kit's peak resident memory (maxRSS)
 * @property {Outcome} outcome
 * @property {{ passed: number, failed: number, skipped: number, notSelected: number }} summary rows by result
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
 * an internal error) is 2 whatever it found; then violations make 1; then operations that
 * could not be exercised make 2 unless `allowSkip`; a run that exercised nothing is 2.
 */
export function outcomeOf(rows, aborted, { allowSkip = false } = {}) {
  if (aborted) return { exitCode: 2, status: 'aborted', reason: aborted };
  const summary = summarise(rows);
  const sent = summary.passed + summary.failed;
  if (summary.failed) {
    const operations = new Set(rows.filter((row) => row.result === 'failed').map((row) => row.operationId)).size;
    return {
      exitCode: 1,
      status: 'failed',
      reason: `${summary.failed} of ${plural(sent, 'request')} ${summary.failed === 1 ? 'breaks' : 'break'} the contract (${plural(operations, 'operation')})`,
    };
  }
  if (summary.skipped && !allowSkip) {
    const why = [...new Set(rows.filter((row) => row.result === 'skipped').map((row) => row.note))].join('; ');
    return {
      exitCode: 2,
      status: 'incomplete',
      reason: `${plural(summary.skipped, 'operation')} could not be exercised (${why}); --allow-skip accepts that`,
    };
  }
  if (sent === 0) return { exitCode: 2, status: 'incomplete', reason: 'no request was sent: nothing was selected that could run' };
  const skipped = summary.skipped ? `, ${summary.skipped} skipped (--allow-skip)` : '';
  return { exitCode: 0, status: 'passed', reason: `every exercised operation conforms (${plural(sent, 'request')}${skipped})` };
}

/** The one line that comes first: the verdict, its reason and the exit code. */
export function verdictLine(report) {
  const { status, reason, exitCode } = report.outcome;
  return `verify-gateway: ${status.toUpperCase()}: ${reason} (exit ${exitCode})`;
}

const label = (row) => `${row.operationId}${row.example ? ` (${row.example})` : ''}`;

/** The report as a table: the verdict first, then per request the status and passed or the violations. */
export function formatTable(report) {
  const { rows, summary } = report;
  const sent = rows.filter((row) => row.result === 'passed' || row.result === 'failed');
  const width = Math.max(9, ...sent.map((row) => label(row).length));
  const indent = ' '.repeat(width + 10);
  const lines = [
    verdictLine(report),
    `gateway ${report.gateway}, contract ${report.contract.version} (strict variant), ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `${'operation'.padEnd(width)}  status  result`,
  ];
  for (const row of sent) {
    const head = `${label(row).padEnd(width)}  ${String(row.status ?? '-').padEnd(6)}  `;
    if (row.result === 'passed') {
      lines.push(`${head}passed${row.note ? ` (${row.note})` : ''}`);
      continue;
    }
    const [first, ...rest] = row.violations.map(describeViolation);
    lines.push(`${head}FAILED: ${first}`);
    for (const violation of rest) lines.push(`${indent}${violation}`);
    if (row.curl) lines.push(`${indent}request: ${row.curl}`);
  }
  // The requests not sent, grouped by why, under the table.
  const groups = new Map();
  for (const row of rows.filter((candidate) => candidate.result === 'skipped' || candidate.result === 'not selected')) {
    const key = `${row.result} (${row.note})`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [heading, group] of groups) {
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
 * The report as JUnit XML (the Jenkins schema, which GitLab, GitHub and Azure reporters read): a
 * testsuite per tag, a testcase per request with a `<failure>` per failed row, `<skipped>` for
 * the operations that could not be exercised (the ones not selected are left out), and an
 * `<error>` testcase when the run was cut short.
 */
export function formatJunit(report) {
  const suites = new Map();
  for (const row of report.rows.filter((candidate) => candidate.result !== 'not selected'))
    suites.set(row.tag, [...(suites.get(row.tag) ?? []), row]);
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
      const testcase = attributes({ name: label(row), classname: `verify-gateway.${row.tag}`, time: seconds(row.ms) });
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
