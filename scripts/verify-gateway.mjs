// `npm run verify-gateway -- https://gateway.example [--token T] [--user U --password P] [--all] [--json]`
//
// Sends the contract's named request examples to a live gateway and checks each answer against
// the strict variant of the contract (scripts/contract-validator.mjs): a status the operation
// does not list fails, and so do an unknown or misspelled property, a wrong type, a missing
// required field, an `errors` list whose items are not `{ code, description }`, a body whose
// media type the operation does not answer, and any status that is not a success (the kit
// sends only requests the contract accepts). By default only the operations without side
// effects run (`x-side-effects: false`); `--all` sends every one. Exit code 0 only when every
// operation that ran conforms.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contractAjv, describeErrors, pointer, strictVariant } from './contract-validator.mjs';
import { listOperations, resolveRef } from './openapi-document.mjs';

const root = resolve(import.meta.dirname, '..');
const DEFAULT_TIMEOUT_MS = 10_000;
/** Operations that end the session run last, so the others still have it. */
const ENDS_SESSION = new Set(['getLogoutPage', 'logoutToLoginUrl']);

const USAGE = `usage: npm run verify-gateway -- <gateway URL> [options]

  <gateway URL>         where the contract's paths are served, e.g. https://gateway.example
  --token T             the X-Auth-Token for the signed-in calls
  --user U --password P sign in first (basic auth) and use the token and user id it answers
  --param NAME=VALUE    a path or query parameter value instead of the contract's example
                        (e.g. --param planId=PLN-1); repeatable
  --all                 also the operations with side effects (x-side-effects: true)
  --only ID[,ID...]     only these operations, side effects or not
  --json                machine-readable output
  --timeout-ms N        deadline of each request (default ${DEFAULT_TIMEOUT_MS})
  --strict-bundle FILE  write the strict variant of the contract the answers are checked against, and stop`;

export function parseArguments(argv) {
  const options = { all: false, json: false, timeoutMs: DEFAULT_TIMEOUT_MS, params: {}, only: null };
  const rest = [...argv];
  const value = (flag) => {
    const next = rest.shift();
    if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
    return next;
  };
  while (rest.length) {
    const arg = rest.shift();
    if (arg === '--token') options.token = value(arg);
    else if (arg === '--user') options.user = value(arg);
    else if (arg === '--password') options.password = value(arg);
    else if (arg === '--all') options.all = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--only') options.only = value(arg).split(',').filter(Boolean);
    else if (arg === '--strict-bundle') options.strictBundle = value(arg);
    else if (arg === '--timeout-ms') {
      options.timeoutMs = Number(value(arg));
      if (!Number.isInteger(options.timeoutMs) || options.timeoutMs < 1) throw new Error('--timeout-ms needs a positive integer');
    } else if (arg === '--param') {
      const pair = value(arg);
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--param needs NAME=VALUE, got ${pair}`);
      options.params[pair.slice(0, at)] = pair.slice(at + 1);
    } else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (options.gateway === undefined) options.gateway = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if ((options.user === undefined) !== (options.password === undefined)) throw new Error('--user and --password go together');
  if (!options.help && !options.strictBundle) {
    if (!options.gateway) throw new Error('the gateway URL is missing');
    const url = new URL(options.gateway);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`the gateway URL must be http or https: ${options.gateway}`);
    if (url.search || url.hash || url.username || url.password) throw new Error('the gateway URL takes no query, fragment or credentials');
  }
  return options;
}

function exampleOf(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named) return resolveRef(document, named).value;
  const schema = resolveRef(document, parameter.schema);
  if (schema?.examples?.length) return schema.examples[0];
  if (schema?.enum?.length) return schema.enum[0];
  return undefined;
}

const securityOf = (document, operation) =>
  (operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));

/** One request per named example of the request body (or one request), as the contract's examples make it. */
function requestsOf(document, { path, method, operation }, params) {
  const parameters = (operation.parameters ?? []).map((parameter) => resolveRef(document, parameter));
  let url = path;
  const query = new URLSearchParams();
  const headers = {};
  for (const parameter of parameters) {
    const given = params[parameter.name];
    const example = given ?? exampleOf(document, parameter);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(example)));
    if (parameter.in === 'query' && (parameter.required || given !== undefined) && example !== undefined)
      query.set(parameter.name, String(example));
  }
  if (query.size) url += `?${query}`;
  const responseTypes = new Set(
    Object.values(operation.responses ?? {}).flatMap((response) => Object.keys(resolveRef(document, response)?.content ?? {})),
  );
  headers.Accept = [...responseTypes].join(', ') || '*/*';
  const media = resolveRef(document, operation.requestBody)?.content?.['application/json'];
  if (!media) return [{ example: null, method, url, headers, body: undefined }];
  const named = Object.entries(media.examples ?? {});
  if (!named.length) throw new Error(`${operation.operationId}: the request body has no named example`);
  return named.map(([name, example]) => ({
    example: named.length > 1 ? name : null,
    method,
    url,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(resolveRef(document, example).value),
  }));
}

/** The response the contract declares for a status: its key and object, or undefined (`default` is not a declaration). */
function declaredResponse(operation, status) {
  const responses = operation.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => candidate in responses);
  return key ? { key, response: responses[key] } : undefined;
}

function mediaTypeOf(header) {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Checks one answer against the strict contract: the violations found, or none. Also returns a
 * note (a business error's code) worth showing beside a pass.
 */
function checkAnswer(context, entry, status, contentType, text) {
  const { document, validators } = context;
  const { operation, path, method } = entry;
  const violations = [];
  let note;
  const declared = declaredResponse(operation, status);
  if (!declared) {
    const listed = Object.keys(operation.responses ?? {}).filter((key) => key !== 'default');
    violations.push(`status ${status}${answerCode(text)} is not declared (declared: ${listed.join(', ')})`);
    return { violations };
  }
  const response = resolveRef(document, declared.response);
  const content = response.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) {
    if (text !== '') violations.push(`status ${status} has no body in the contract, got ${text.length} bytes`);
    return { violations };
  }
  const mediaType = mediaTypeOf(contentType);
  const matched = mediaTypes.find((candidate) => candidate === mediaType);
  if (!matched) {
    violations.push(`content type ${JSON.stringify(contentType ?? '')} is not one the contract answers (${mediaTypes.join(', ')})`);
    return { violations };
  }
  let body = text;
  if (/[/+]json$/.test(matched)) {
    try {
      body = JSON.parse(text);
    } catch {
      violations.push(`the body is not JSON: ${JSON.stringify(text.slice(0, 60))}`);
      return { violations };
    }
  }
  const responseRef = operation.responses[declared.key].$ref;
  const fragment = responseRef
    ? `${responseRef}/content/${matched.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`
    : pointer('paths', path, method.toLowerCase(), 'responses', declared.key, 'content', matched, 'schema');
  let validate = validators.get(fragment);
  if (!validate) {
    validate = context.ajv.validatorAt(fragment);
    validators.set(fragment, validate);
  }
  if (!validate(body)) violations.push(...describeErrors(validate.errors));
  const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
  if (errors.length && violations.length === 0) note = `business error ${errors.map((item) => item?.code).join(', ')}`;
  return { violations, note };
}

function cookieJar() {
  const cookies = new Map();
  return {
    remember(response) {
      for (const line of response.headers.getSetCookie?.() ?? []) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name) => cookies.get(name),
  };
}

async function send(base, request, timeoutMs) {
  const target = new URL(base.pathname.replace(/\/$/, '') + request.url, base.origin);
  const started = Date.now();
  try {
    const response = await fetch(target, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { response, text, ms: Date.now() - started };
  } catch (error) {
    const reason =
      error?.name === 'TimeoutError' || error?.name === 'AbortError'
        ? `no answer within ${timeoutMs} ms`
        : `request failed: ${error?.cause?.code ?? error?.message ?? error}`;
    return { failure: reason, ms: Date.now() - started };
  }
}

/**
 * Runs the verification: returns { rows, summary }. Each row: operationId, example, method,
 * path, status, result ('passed' | 'failed' | 'skipped'), violations, note.
 */
export async function verifyGateway(options, document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'))) {
  const strict = strictVariant(document);
  const context = { document: strict, ajv: contractAjv(strict), validators: new Map() };
  const base = new URL(options.gateway);
  const jar = cookieJar();
  const params = { ...options.params };
  let token = options.token;
  const rows = [];
  let signInNote;

  const all = listOperations(strict);
  const byId = new Map(all.map((entry) => [entry.operation.operationId, entry]));
  for (const id of options.only ?? []) if (!byId.has(id)) throw new Error(`--only: no operation ${id} in the contract`);

  const run = async (entry, request, extraHeaders = {}) => {
    const { operation } = entry;
    const headers = { ...request.headers, ...extraHeaders };
    if (entry.method !== 'GET' && entry.method !== 'HEAD' && jar.get('XSRF-TOKEN')) headers['X-XSRF-TOKEN'] = jar.get('XSRF-TOKEN');
    if (jar.header()) headers.Cookie = jar.header();
    const answer = await send(base, { ...request, headers }, options.timeoutMs);
    const row = {
      operationId: operation.operationId,
      example: request.example,
      method: entry.method,
      path: request.url,
      status: answer.response?.status ?? null,
      ms: answer.ms,
    };
    if (answer.failure) return { ...row, result: 'failed', violations: [answer.failure] };
    jar.remember(answer.response);
    const { violations, note } = checkAnswer(
      context,
      entry,
      answer.response.status,
      answer.response.headers.get('content-type'),
      answer.text,
    );
    if (!/^2/.test(String(answer.response.status)) && declaredResponse(operation, answer.response.status)) {
      violations.unshift(`answered ${answer.response.status}${answerCode(answer.text)}, not a success, to a request the contract accepts`);
    }
    return { ...row, result: violations.length ? 'failed' : 'passed', violations, note, body: answer.text };
  };

  // Sign in first when asked: its token and user id serve the signed-in calls.
  if (options.user !== undefined) {
    const entry = byId.get('authenticate');
    const [request] = requestsOf(strict, entry, params);
    const basic = Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64');
    const row = await run(entry, { ...request, example: 'sign-in' }, { Authorization: `Basic ${basic}` });
    let data;
    try {
      data = JSON.parse(row.body ?? '').data;
    } catch {
      data = undefined;
    }
    if (typeof data?.token === 'string') {
      token = data.token;
      if (typeof data.userId === 'string' && params.userId === undefined) params.userId = data.userId;
    } else signInNote = `the sign-in gave no token${row.note ? ` (${row.note})` : ''}: pass --token`;
    rows.push(row);
  }

  const chosen = all
    .filter((entry) => !(options.user !== undefined && entry.operation.operationId === 'authenticate'))
    .filter((entry) => !options.only || options.only.includes(entry.operation.operationId))
    .sort((a, b) => Number(ENDS_SESSION.has(a.operation.operationId)) - Number(ENDS_SESSION.has(b.operation.operationId)));
  for (const entry of chosen) {
    const { operation } = entry;
    const security = securityOf(strict, operation);
    const skip = (reason) =>
      rows.push({
        operationId: operation.operationId,
        example: null,
        method: entry.method,
        path: entry.path,
        status: null,
        result: 'skipped',
        violations: [],
        note: reason,
      });
    if (operation['x-side-effects'] !== false && !options.all && !options.only) {
      skip('side effects: runs with --all');
      continue;
    }
    if (security.includes('authToken') && !token) {
      skip(signInNote ?? 'signed-in call: needs --token, or --user and --password');
      continue;
    }
    if (security.includes('basicAuth') && options.user === undefined) {
      skip('sign-in: needs --user and --password');
      continue;
    }
    const extra = {};
    if (security.includes('authToken')) extra['X-Auth-Token'] = token;
    if (security.includes('basicAuth'))
      extra.Authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64')}`;
    for (const request of requestsOf(strict, entry, params)) rows.push(await run(entry, request, extra));
  }

  for (const row of rows) delete row.body;
  const count = (result) => rows.filter((row) => row.result === result).length;
  return { gateway: base.href, rows, summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') } };
}

function answerCode(text) {
  try {
    const codes = (JSON.parse(text).errors ?? []).map((item) => item?.code).filter((code) => typeof code === 'string');
    return codes.length ? ` (${codes.join(', ')})` : '';
  } catch {
    return '';
  }
}

/** The report as a table: operation, status, and passed or the violations. */
export function formatTable({ gateway, rows, summary }) {
  const label = (row) => `${row.operationId}${row.example ? ` (${row.example})` : ''}`;
  const width = Math.max(9, ...rows.map((row) => label(row).length));
  const lines = [`verify-gateway: ${gateway} against the strict contract`, '', `${'operation'.padEnd(width)}  status  result`];
  for (const row of rows) {
    const status = String(row.status ?? '-').padEnd(6);
    const head = `${label(row).padEnd(width)}  ${status}  `;
    if (row.result === 'passed') lines.push(`${head}passed${row.note ? ` (${row.note})` : ''}`);
    else if (row.result === 'skipped') continue;
    else {
      lines.push(`${head}FAILED: ${row.violations[0]}`);
      for (const violation of row.violations.slice(1)) lines.push(`${' '.repeat(width + 10)}${violation}`);
    }
  }
  // Skipped operations, grouped by why, under the table.
  const skipped = new Map();
  for (const row of rows.filter((candidate) => candidate.result === 'skipped'))
    skipped.set(row.note, [...(skipped.get(row.note) ?? []), row]);
  for (const [reason, group] of skipped) {
    lines.push('', `skipped (${reason}):`);
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
  lines.push('', `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  return lines.join('\n');
}

async function main(argv) {
  let options;
  try {
    options = parseArguments(argv);
  } catch (error) {
    console.error(`verify-gateway: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.strictBundle) {
    const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
    writeFileSync(options.strictBundle, `${JSON.stringify(strictVariant(document), null, 2)}\n`);
    console.log(`verify-gateway: the strict contract written to ${options.strictBundle}`);
    return 0;
  }
  const report = await verifyGateway(options);
  console.log(options.json ? JSON.stringify(report, null, 2) : formatTable(report));
  return report.summary.failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
