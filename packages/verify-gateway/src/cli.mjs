// `verify-gateway`: arguments, the run, and its reports. Whatever happens (a finished
// run, bad arguments, an unreachable gateway, a signal, an error inside the kit), the first
// line says the verdict and the reports asked for are written.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_CONTRACT_FILE, readContract } from './contract.mjs';
import { coverageOf } from './coverage.mjs';
import { formatHtml } from './html-report.mjs';
import { formatJunit, formatTable, outcomeOf, summarise, verdictLine } from './report.mjs';
import { parseReplay, replayFailure } from './replay.mjs';
import { randomSeed, verifyGateway } from './run.mjs';
import { DEFAULT_SAME_ANSWER_TOLERANCE_MS, DEFAULT_SAME_ANSWER_TRIES } from './same-answer.mjs';
import { SEQUENCES } from './sequences.mjs';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS } from './transport.mjs';

export const USAGE = `usage: verify-gateway <gateway URL> [options]

  <gateway URL>         where the contract's paths are served, e.g. https://gateway.example
  --token T             the X-Auth-Token for the signed-in calls
  --user U --password P sign in first (basic auth) and use the token and user id it answers;
                        the journeys sign in with them too
  --user2 U --password2 P
                        a second test account: user 1 is called with its ids (404 expected, none of
                        its data), and its own answers must not be user 1's
  --security-answer A   the answer to the security question, when the sign-in asks it (AUERR01)
  --code CODE           the one-time code for every sign-in and step that needs one
  --code-hook URL       the gateway's test hook that gives the last code sent (a path on the
                        gateway or a URL): GET URL?username=U (or ?userId=ID) answers {"code":"..."}
  --origin URL          the portal's origin the passkey journey's software authenticator signs
                        (default https:// and the RP ID the gateway's options name)
  --param NAME=VALUE    a path or query parameter value instead of the contract's example
                        (e.g. --param planId=PLN-1); repeatable
  --all                 also the operations with side effects (x-side-effects: true), and every journey
  --only ID[,ID...]     only these operations, side effects or not
  --sequences NAME[,NAME...]
                        these journeys (${SEQUENCES.map((sequence) => sequence.name).join(', ')}); every one with --all
  --fuzz N              N valid and N invalid generated requests per selected operation
  --seed S              the seed of the generated requests (random by default; every report names it)
  --workers N           operations whose generated requests are sent at once (default 1)
  --probe-limits        send each throttled operation's declared attempts, its secret made wrong, and
                        one more: 429 with Retry-After expected (it locks the test account)
  --limits-reset-hook URL
                        the gateway's test hook that lifts every throttle (a path on the gateway or a
                        URL; POST): called after each probe and before each sign-in and journey
  --same-answer-tries K tries of a known and of an unknown identifier where the contract says the
                        answer is the same (default ${DEFAULT_SAME_ANSWER_TRIES})
  --same-answer-tolerance-ms N
                        their median times may differ by N ms or half the larger median, the larger
                        (default ${DEFAULT_SAME_ANSWER_TOLERANCE_MS})
  --allow-skip          exit 0 even when operations could not be exercised (no token, a blocked journey)
  --json [FILE]         the report as JSON, into FILE (or on standard output without FILE)
  --junit FILE          the report as JUnit XML, into FILE
  --html FILE           the report as one self-contained HTML page, into FILE: the coverage, and each
                        failure with its request as curl and the answer
  --min-coverage P      fail (exit 1) below P percent of the declared statuses exercised (0-100)
  --timeout-ms N        deadline of each request (default ${DEFAULT_TIMEOUT_MS})
  --max-body-bytes N    the largest answer body read (default ${DEFAULT_MAX_BODY_BYTES}); larger fails
  --replay FILE[#N]     send the N-th failure (the first by default) of the JSON report FILE again, with
                        this run's --token, or --user and --password, and judge the answer as before:
                        exit 0 it now conforms, 1 it still fails, 2 it cannot be replayed (and why)
  --contract FILE       the bundled contract to check against (default: the one packed with the kit,
                        else the repository's generated/openapi.json)
  --strict-bundle FILE  write the strict variant of the contract the answers are checked against, and stop

exit code: 0 every exercised operation conforms; 1 violations, or a coverage below --min-coverage;
2 the kit could not run as asked`;

/** A percentage, 0 to 100. */
const percentage = (flag, text) => {
  const number = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || number > 100) throw new Error(`${flag} needs a percentage from 0 to 100, got ${text}`);
  return number;
};

const positiveInteger = (flag, text) => {
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${flag} needs a positive integer, got ${text}`);
  return number;
};

/** fast-check takes a 32-bit integer seed. */
const seedOf = (text) => {
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || number < -(2 ** 31) || number >= 2 ** 31) throw new Error(`--seed needs a 32-bit integer, got ${text}`);
  return number;
};

/** The command line as options; throws with a one-line reason on anything it does not accept. */
export function parseArguments(argv) {
  const options = {
    all: false,
    allowSkip: false,
    json: null,
    junit: null,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    params: {},
    only: null,
    sequences: null,
    contract: DEFAULT_CONTRACT_FILE,
  };
  const rest = argv.flatMap((arg) => (/^--[a-z-]+=/.test(arg) ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg]));
  const value = (flag) => {
    const next = rest.shift();
    if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
    return next;
  };
  while (rest.length) {
    const arg = /** @type {string} */ (rest.shift());
    if (arg === '--token') options.token = value(arg);
    else if (arg === '--user') options.user = value(arg);
    else if (arg === '--password') options.password = value(arg);
    else if (arg === '--user2') options.user2 = value(arg);
    else if (arg === '--password2') options.password2 = value(arg);
    else if (arg === '--probe-limits') options.probeLimits = true;
    else if (arg === '--limits-reset-hook') options.limitsResetHook = value(arg);
    else if (arg === '--same-answer-tries') options.sameAnswerTries = positiveInteger(arg, value(arg));
    else if (arg === '--same-answer-tolerance-ms') options.sameAnswerToleranceMs = positiveInteger(arg, value(arg));
    else if (arg === '--all') options.all = true;
    else if (arg === '--allow-skip') options.allowSkip = true;
    // --json takes a file when one follows; a URL or an option after it is not one ('-' is standard output).
    else if (arg === '--json') options.json = rest[0] !== undefined && !/^(--|https?:)/.test(rest[0]) ? rest.shift() : '-';
    else if (arg === '--junit') options.junit = value(arg);
    else if (arg === '--html') options.html = value(arg);
    else if (arg === '--min-coverage') options.minCoverage = percentage(arg, value(arg));
    else if (arg === '--security-answer') options.securityAnswer = value(arg);
    else if (arg === '--code') options.code = value(arg);
    else if (arg === '--code-hook') options.codeHook = value(arg);
    else if (arg === '--origin') options.origin = value(arg);
    else if (arg === '--fuzz') options.fuzz = positiveInteger(arg, value(arg));
    else if (arg === '--seed') options.seed = seedOf(value(arg));
    else if (arg === '--workers') options.workers = positiveInteger(arg, value(arg));
    else if (arg === '--sequences') options.sequences = value(arg).split(',').filter(Boolean);
    else if (arg === '--only') options.only = value(arg).split(',').filter(Boolean);
    else if (arg === '--contract') options.contract = resolve(value(arg));
    else if (arg === '--strict-bundle') options.strictBundle = value(arg);
    else if (arg === '--replay') options.replay = value(arg);
    else if (arg === '--timeout-ms') options.timeoutMs = positiveInteger(arg, value(arg));
    else if (arg === '--max-body-bytes') options.maxBodyBytes = positiveInteger(arg, value(arg));
    else if (arg === '--param') {
      const pair = value(arg);
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--param needs NAME=VALUE, got ${pair}`);
      options.params[pair.slice(0, at)] = pair.slice(at + 1);
    } else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-') && arg !== '-') throw new Error(`unknown option ${arg}`);
    else if (options.gateway === undefined) options.gateway = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if ((options.user === undefined) !== (options.password === undefined)) throw new Error('--user and --password go together');
  if ((options.user2 === undefined) !== (options.password2 === undefined)) throw new Error('--user2 and --password2 go together');
  if (options.user2 !== undefined && options.user === undefined) throw new Error('--user2 goes with --user (both accounts sign in)');
  if (options.user2 !== undefined && options.user2 === options.user) throw new Error('--user2 names another account than --user');
  if (options.limitsResetHook !== undefined && !/^(\/|https?:\/\/)/.test(options.limitsResetHook))
    throw new Error(`--limits-reset-hook needs a path on the gateway (/...) or an http(s) URL, got ${options.limitsResetHook}`);
  if (options.seed !== undefined && options.fuzz === undefined) throw new Error('--seed goes with --fuzz');
  if (options.workers !== undefined && options.fuzz === undefined) throw new Error('--workers goes with --fuzz');
  if (options.code !== undefined && options.codeHook !== undefined) throw new Error('--code or --code-hook, not both');
  if (options.codeHook !== undefined && !/^(\/|https?:\/\/)/.test(options.codeHook))
    throw new Error(`--code-hook needs a path on the gateway (/...) or an http(s) URL, got ${options.codeHook}`);
  if (options.origin !== undefined && !/^https?:\/\/[^/?#\s]+$/.test(options.origin))
    throw new Error(`--origin needs an http(s) origin without a path (https://portal.example.com), got ${options.origin}`);
  const unknownSequences = (options.sequences ?? []).filter((name) => !SEQUENCES.some((sequence) => sequence.name === name));
  if (unknownSequences.length)
    throw new Error(
      `--sequences names no journey: ${unknownSequences.join(', ')} (the journeys: ${SEQUENCES.map((sequence) => sequence.name).join(', ')})`,
    );
  if (options.replay !== undefined) {
    parseReplay(options.replay);
    const run = [
      ['--all', options.all],
      ['--allow-skip', options.allowSkip],
      ['--only', options.only],
      ['--sequences', options.sequences],
      ['--fuzz', options.fuzz],
      ['--param', Object.keys(options.params).length > 0],
      ['--json', options.json],
      ['--junit', options.junit],
      ['--html', options.html],
      ['--min-coverage', options.minCoverage],
    ].filter(([, given]) => given !== undefined && given !== null && given !== false);
    if (run.length) throw new Error(`--replay sends one request: it takes no ${run.map(([flag]) => flag).join(', ')}`);
  }
  if (options.fuzz !== undefined) options.seed ??= randomSeed();
  if (!options.help && !options.strictBundle) {
    if (!options.gateway) throw new Error('the gateway URL is missing');
    let url;
    try {
      url = new URL(options.gateway);
    } catch {
      throw new Error(`the gateway URL is not a URL: ${options.gateway}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`the gateway URL must be http or https: ${options.gateway}`);
    if (url.search || url.hash || url.username || url.password) throw new Error('the gateway URL takes no query, fragment or credentials');
  }
  return options;
}

/**
 * Runs the kit as the command line asks and returns its exit code. Reports are written on every
 * path out, including SIGINT and SIGTERM (the rows so far, and the reason).
 */
export async function main(argv) {
  let options;
  try {
    options = parseArguments(argv);
  } catch (error) {
    console.error(`verify-gateway: NOT RUN: ${error.message} (exit 2)\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  let contract;
  try {
    contract = readContract(options.contract);
  } catch (error) {
    console.error(`verify-gateway: NOT RUN: the contract ${options.contract} could not be read: ${error.message} (exit 2)`);
    return 2;
  }
  if (options.strictBundle) {
    writeFileSync(options.strictBundle, `${JSON.stringify(contract.document, null, 2)}\n`);
    console.log(`verify-gateway: the strict contract written to ${options.strictBundle}`);
    return 0;
  }
  if (options.replay)
    return replayFailure(options, contract).catch((error) => {
      console.log(`verify-gateway: NOT REPLAYED: internal error: ${error instanceof Error ? error.message : String(error)} (exit 2)`);
      return 2;
    });
  const unknown = (options.only ?? []).filter((id) => !contract.byId.has(id));
  if (unknown.length) {
    console.error(`verify-gateway: NOT RUN: --only names no operation of the contract: ${unknown.join(', ')} (exit 2)`);
    return 2;
  }

  const started = new Date();
  const progress = { rows: [], aborted: null };
  let finished = false;
  const finish = () => {
    finished = true;
    const coverage = coverageOf(contract, progress.rows);
    /** @type {import('./report.mjs').Report} */
    const report = {
      kit: 'verify-gateway',
      gateway: new URL(options.gateway).href,
      contract: { file: options.contract, version: contract.version },
      ...(progress.seed !== undefined && { seed: progress.seed }),
      startedAt: started.toISOString(),
      durationMs: Date.now() - started.getTime(),
      peakMemoryMb: peakMemoryMb(),
      outcome: outcomeOf(progress.rows, progress.aborted, { ...options, coverage }),
      summary: summarise(progress.rows),
      sequences: progress.sequences ?? [],
      coverage,
      rows: progress.rows,
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    if (options.json && options.json !== '-') writeFileSync(options.json, json);
    if (options.junit) writeFileSync(options.junit, formatJunit(report));
    if (options.html) writeFileSync(options.html, formatHtml(report, { verdict: verdictLine(report), jsonFile: options.json }));
    if (options.json === '-') {
      process.stderr.write(`${verdictLine(report)}\n`);
      process.stdout.write(json);
    } else process.stdout.write(`${formatTable(report)}\n`);
    return report.outcome.exitCode;
  };
  const stop = (reason) => {
    if (finished) return;
    progress.aborted ??= reason;
    process.exit(finish());
  };
  const onSignal = (signal) => stop(`interrupted by ${signal}; the rows so far are reported`);
  const onCrash = (error) => stop(`internal error: ${error instanceof Error ? error.message : String(error)}`);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  // The last net: a run that ends with work still pending (a promise the kit never settled)
  // still reports, and does not pass.
  process.once('exit', () => {
    if (finished) return;
    progress.aborted ??= 'the run ended before it finished (a request the kit never settled)';
    finish();
    process.exitCode = 2;
  });

  try {
    await verifyGateway(options, contract, progress);
  } catch (error) {
    progress.aborted ??= `internal error: ${error instanceof Error ? error.message : String(error)}`;
  }
  return finish();
}

/**
 * The kit's own peak resident memory, in MB. On Linux, the high-water mark of this process's
 * memory (VmHWM): `maxRSS` there carries over the peak of the process that started the kit (a
 * fork keeps it through exec), so a kit started by a large process reported that one's.
 */
function peakMemoryMb() {
  try {
    const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (line) return Math.round(Number(line[1]) / 1024);
  } catch {
    // Not Linux: no /proc.
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
