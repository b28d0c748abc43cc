// `--replay FILE#N`: sends one failure of a JSON report again, to the gateway on the command
// line, with this run's credentials in place of the ones the report masks (the session token,
// the basic credentials, the cookies and the anti-forgery header), and judges the answer with
// the checks the row was judged by. 0 it now conforms, 1 it still fails, 2 it cannot be
// replayed (and why).
import { readFileSync } from 'node:fs';
import { checkAnswer, describeViolation } from './checks.mjs';
import { storedAnswer } from './evidence.mjs';
import { curlOf } from './redact.mjs';
import { createSession, gatewayUrl, signInFailure, walk } from './run.mjs';
import { SIGN_IN_STEPS } from './sequences.mjs';
import { sendRequest } from './transport.mjs';

/** `FILE` or `FILE#N`: the report and which of its failures (the first by default). */
export function parseReplay(text) {
  const match = /^(.+)#(\d+)$/.exec(text);
  if (!match) return { file: text, number: 1 };
  const [, file, number] = match;
  if (Number(number) < 1) throw new Error(`--replay needs FILE or FILE#N (N from 1), got ${text}`);
  return { file, number: Number(number) };
}

/** Why a replay cannot be made: exit 2 with this reason. */
class NotReplayable extends Error {}

/**
 * The failed row `number` (from 1) of a JSON report, and what a replay needs of it; throws
 * {@link NotReplayable} saying why it cannot be replayed.
 */
export function failureToReplay(report, number, label) {
  const failures = (report?.rows ?? []).filter((row) => row?.result === 'failed');
  if (!failures.length) throw new NotReplayable(`${label} holds no failure`);
  const row = failures[number - 1];
  if (!row)
    throw new NotReplayable(`${label} holds ${failures.length} failure${failures.length === 1 ? '' : 's'}: #${number} is none of them`);
  const which = `failure #${number} (${row.operationId}${row.example ? ` (${row.example})` : ''})`;
  if (!row.request)
    throw new NotReplayable(
      `${which} keeps no request: it never went out${row.violations?.[0] ? ` (${describeViolation(row.violations[0])})` : ''}, or an earlier kit wrote the report`,
    );
  if (row.violations.every((violation) => violation.rule === 'journey'))
    throw new NotReplayable(
      `${which} broke what its journey expects, which only the journey's own state can show: ${row.sequence ? `walk it again (--sequences ${row.sequence})` : 'run the kit again'}`,
    );
  const lost = row.request.masked.filter((part) => !part.restore).map((part) => part.where);
  if (lost.length)
    throw new NotReplayable(
      `${which} sent secrets the report masks and a replay cannot put back (${lost.join(', ')}): run the kit again to send it with them`,
    );
  return { row, which };
}

const indent = (text) => text.replace(/^/gm, '  ');

/**
 * Replays one failure and prints the verdict first, then the request and the answer.
 *
 * @param {import('./run.mjs').RunOptions & { replay: string }} options
 * @param {import('./contract.mjs').Contract} contract
 * @returns {Promise<0 | 1 | 2>}
 */
export async function replayFailure(options, contract) {
  const notRun = (reason) => {
    console.log(`verify-gateway: NOT REPLAYED: ${reason} (exit 2)`);
    return 2;
  };
  let target;
  try {
    const { file, number } = parseReplay(options.replay);
    let report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      return notRun(`the report ${file} could not be read: ${error.message}`);
    }
    target = { ...failureToReplay(report, number, `the report ${file}`), report };
  } catch (error) {
    if (error instanceof NotReplayable) return notRun(error.message);
    throw error;
  }
  const { row, which, report } = target;
  const entry = contract.byId.get(row.operationId);
  if (!entry) return notRun(`the contract ${contract.version} has no operation ${row.operationId}`);

  // This run's credentials: --token, or a sign-in as the kit signs in.
  const session = createSession(contract, options);
  const needs = new Set(row.request.masked.map((part) => part.restore));
  if (options.token === undefined && options.user !== undefined) {
    let unreachable;
    const seen = (answer) => {
      if (!answer.connected) unreachable ??= answer.failure;
    };
    const journeyOptions = {
      username: options.user,
      password: options.password,
      securityAnswer: options.securityAnswer,
      code: options.code,
      codeHook: options.codeHook,
    };
    const outcome = await walk(session, SIGN_IN_STEPS, journeyOptions, { rows: [], aborted: null }, seen);
    if (unreachable) return notRun(`the gateway is unreachable: ${unreachable}`);
    if (!outcome.session.token) return notRun(`the sign-in failed: ${signInFailure(outcome)}`);
    session.token = outcome.session.token;
  }
  if (needs.has('token') && !session.token) return notRun(`${which} was sent signed in: it needs --token, or --user and --password`);
  if (needs.has('basic') && !session.basic) return notRun(`${which} was sent with basic credentials: it needs --user and --password`);
  const xsrf = session.cookies.get('XSRF-TOKEN');
  if (needs.has('xsrf') && !xsrf)
    return notRun(
      `${which} carried the anti-forgery header, and this run holds no XSRF-TOKEN cookie to take it from (a gateway that sets it on the sign-in's answer gives it with --user and --password)`,
    );
  const cookies = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const restored = { token: session.token, basic: session.basic, cookies, xsrf };
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(row.request.headers)) {
    const part = row.request.masked.find((candidate) => candidate.where === `header ${name}`);
    const put = part?.restore ? restored[part.restore] : value;
    if (put) headers[name] = put;
  }
  const request = {
    method: row.request.method,
    url: gatewayUrl(session, row.request.url),
    headers,
    ...(row.request.body !== undefined && { body: row.request.body }),
  };
  const answer = await sendRequest(request, session.limits);
  if (!answer.connected) return notRun(`the gateway is unreachable: ${answer.failure}`);
  const { violations } = checkAnswer(contract, entry, answer, { expect: row.expect ?? 'success', secrets: session.secrets });

  const exitCode = violations.length ? 1 : 0;
  const verdict = violations.length
    ? `FAILED: ${which} still breaks the contract (${violations.length} violation${violations.length === 1 ? '' : 's'})`
    : `PASSED: ${which} now conforms`;
  const shown = storedAnswer(answer, session.secrets);
  const journey = row.violations.filter((violation) => violation.rule === 'journey');
  const lines = [
    `verify-gateway: ${verdict} (exit ${exitCode})`,
    `gateway ${session.base.href}, contract ${contract.version} (strict variant); found against ${report.gateway} with contract ${report.contract?.version}`,
    '',
    'in the report:',
    ...row.violations.map((violation) => `  ${describeViolation(violation)}`),
    ...(journey.length ? ['', `not judged again: what the journey ${row.sequence} expects (a replay has not its state)`] : []),
    '',
    violations.length ? 'now:' : 'now: conforms',
    ...violations.map((violation) => `  ${describeViolation(violation)}`),
    '',
    `request: ${curlOf(request, session.secrets)}`,
    ...(row.request.masked.some((part) => part.restore === 'cookies') && !cookies ? ['  (sent without cookies: this run holds none)'] : []),
    '',
    `answer: ${shown.status}`,
    indent(
      Object.entries(shown.headers)
        .flatMap(([name, value]) => [value].flat().map((item) => `${name}: ${item}`))
        .join('\n'),
    ),
    '',
    shown.bodyBytes === 0
      ? 'body: none'
      : `body (${shown.truncated ? `the first ${shown.body.length} characters of ${shown.bodyBytes} bytes` : `${shown.bodyBytes} bytes`}, secrets masked):`,
    ...(shown.bodyBytes === 0 ? [] : [indent(shown.body)]),
  ];
  console.log(lines.join('\n'));
  return exitCode;
}
