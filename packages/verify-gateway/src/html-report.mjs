// The report as one self-contained HTML file for a person: the verdict, the gateway, the
// contract, the seed, the coverage table and each failure with every violation, its request as
// curl and the answer, all masked as everywhere the kit prints. Inline CSS only, no script and
// nothing fetched (its Content-Security-Policy forbids both); every value from the run or the
// gateway is escaped text in a fixed template.
import { describeViolation } from './checks.mjs';

// Characters HTML text cannot hold as they are: controls (but tab and line breaks), lone
// surrogates and the two noncharacters at the end of the plane.
const NOT_TEXT = /[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Any value as HTML text (or attribute value): escaped, and characters HTML cannot hold replaced. */
export const escapeHtml = (value) =>
  String(value)
    .replace(NOT_TEXT, '\uFFFD')
    .replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1b1b1b; }
h1 { font-size: 1.3rem; margin: 0 0 1rem; padding: 0.6rem 0.8rem; border-radius: 4px; }
h1.passed { background: #e3f4e6; } h1.failed { background: #fbe4e4; } h1.incomplete, h1.aborted { background: #fdf1d8; }
h2 { font-size: 1.1rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1rem; margin: 1.5rem 0 0.4rem; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
dl.run dt { font-weight: 600; } dl.run dd { margin: 0; }
table { border-collapse: collapse; } th, td { padding: 0.15rem 0.5rem; border: 1px solid #ddd; text-align: left; }
td.yes { background: #e3f4e6; } td.no { background: #fbe4e4; } td.none { background: #f4f4f4; }
pre { background: #f6f6f6; border: 1px solid #ddd; padding: 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.3rem 0; }
section.failure { border-left: 4px solid #c62828; padding-left: 0.8rem; }
ul.violations li { margin-bottom: 0.3rem; }
`;

const text = (value) => escapeHtml(value ?? '');
// HTML drops a newline that comes right after <pre>: one is written there, so the text keeps its own.
const pre = (value) => `<pre>\n${text(value)}</pre>`;

/** The coverage as a table: an operation per row, a column per status any operation declares. */
function coverageTable(coverage) {
  if (!coverage) return '<p>No coverage: the run sent nothing.</p>';
  const columns = [...new Set(Object.values(coverage.operations).flatMap((statuses) => Object.keys(statuses)))].sort();
  const head = columns.map((status) => `<th>${text(status)}</th>`).join('');
  const rows = Object.entries(coverage.operations).map(([id, statuses]) => {
    const cells = columns.map((status) => {
      if (!(status in statuses)) return '<td class="none"></td>';
      return statuses[status] ? '<td class="yes">✓</td>' : '<td class="no">·</td>';
    });
    const count = Object.values(statuses);
    return `<tr><th>${text(id)}</th><td>${count.filter(Boolean).length}/${count.length}</td>${cells.join('')}</tr>`;
  });
  return [
    `<p>${text(coverage.exercised)} of ${text(coverage.declared)} declared statuses exercised (${text(coverage.percent.toFixed(1))}%): ✓ the run received the status from the operation at least once, · it did not, blank: not declared.</p>`,
    `<table><thead><tr><th>operation</th><th>exercised</th>${head}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table>',
  ].join('\n');
}

/** The answer a failed row keeps: status, headers, the body (or its start). */
function answerBlock(answer) {
  if (!answer) return '<p>No answer was received.</p>';
  const headers = Object.entries(answer.headers)
    .flatMap(([name, value]) => [value].flat().map((item) => `${name}: ${item}`))
    .join('\n');
  const size = answer.truncated ? `the first ${answer.body.length} characters of ${answer.bodyBytes} bytes` : `${answer.bodyBytes} bytes`;
  return [
    `<p>status ${text(answer.status ?? 'none (no answer)')}</p>`,
    pre(headers),
    `<p>body (${text(size)}, secrets masked)</p>`,
    pre(answer.body),
  ].join('\n');
}

/** A failed row: which request, every violation, the request as curl and the answer. */
function failureSection(row, number, replayHint) {
  const which = row.example ? ` (${row.example})` : '';
  const violations = row.violations.map((violation) => `<li>${text(describeViolation(violation))}</li>`).join('\n');
  return [
    `<section class="failure" id="failure-${number}">`,
    `<h3>#${number} ${text(row.operationId)}${text(which)}</h3>`,
    `<p>${text(row.kind)}${row.sequence ? ` of the journey ${text(row.sequence)}` : ''}: ${text(row.method)} ${text(row.path)}${row.status !== null && row.status !== undefined ? `, answered ${text(row.status)}` : ''}</p>`,
    row.note ? `<p>${text(row.note)}</p>` : '',
    `<ul class="violations">${violations}</ul>`,
    '<p>request</p>',
    pre(row.curl ?? 'not sent'),
    '<p>answer</p>',
    answerBlock(row.answer),
    replayHint ? `<p>to send it again: <code>${text(`${replayHint}#${number}`)}</code> with --token, or --user and --password</p>` : '',
    '</section>',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The report as one HTML page.
 *
 * @param {import('./report.mjs').Report} report
 * @param {{ verdict: string, jsonFile?: string | null }} how `verdict` the verdict line;
 *   `jsonFile` the JSON report written beside it, named in each failure's replay command
 * @returns {string}
 */
export function formatHtml(report, { verdict, jsonFile }) {
  const failures = report.rows.filter((row) => row.result === 'failed');
  const { summary } = report;
  const replayHint = jsonFile && jsonFile !== '-' ? `verify-gateway ${report.gateway} --replay ${jsonFile}` : undefined;
  const seed = report.seed !== undefined ? `<dt>seed</dt><dd>${text(report.seed)}</dd>` : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(verdict)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1 class="${text(report.outcome.status)}">${text(verdict)}</h1>`,
    '<dl class="run">',
    `<dt>gateway</dt><dd>${text(report.gateway)}</dd>`,
    `<dt>contract</dt><dd>${text(report.contract.version)} (${text(report.contract.file)})</dd>`,
    seed,
    `<dt>started</dt><dd>${text(report.startedAt)}, ${text((report.durationMs / 1000).toFixed(1))} s</dd>`,
    `<dt>rows</dt><dd>${text(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.notSelected} not selected`)}</dd>`,
    '</dl>',
    `<h2>Failures (${failures.length})</h2>`,
    failures.length ? failures.map((row, index) => failureSection(row, index + 1, replayHint)).join('\n') : '<p>None.</p>',
    '<h2>Coverage</h2>',
    coverageTable(report.coverage),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
