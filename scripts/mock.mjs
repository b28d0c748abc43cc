// `npm run mock`: Prism serving the bundled contract, behind a thin scenario layer that picks
// the named example for each request from openapi/mock-scenarios.yaml. A Prefer header sent by
// the client wins over the rules. Requests outside the gateway get a stand-in page, so the
// dashboards the portal hands over to can be followed in development.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGatewayPath, MOCK_PORT, PRISM_PORT } from './ports.mjs';
import {
  chooseRule,
  daysFrom,
  defaultRespond,
  findOperation,
  indexOperations,
  loadScenarios,
  mockToday,
  preferFor,
  shiftDates,
} from './mock-scenarios.mjs';

const root = resolve(import.meta.dirname, '..');
const bundleFile = join(root, 'generated', 'openapi.json');
const scenariosFile = join(root, 'openapi', 'mock-scenarios.yaml');

/** Re-reads the contract and scenarios when they change, so edits apply without a restart. */
function createState() {
  let cache = { key: '', document: null, operations: [], scenarios: {} };
  return () => {
    const key = `${statSync(bundleFile).mtimeMs}:${statSync(scenariosFile).mtimeMs}`;
    if (key !== cache.key) {
      const document = JSON.parse(readFileSync(bundleFile, 'utf8'));
      cache = { key, document, operations: indexOperations(document), scenarios: loadScenarios(scenariosFile) };
    }
    return cache;
  };
}

function readBody(req) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(buffer) {
  try {
    return buffer.length ? JSON.parse(buffer.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

function standInPage(res, pathname) {
  const safe = pathname.replace(/[^A-Za-z0-9/_-]/g, '');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outside the portal: ${safe}</title></head>` +
      `<body><main><h1>Outside the portal: ${safe}</h1><p>The mock stands in for this page, which another application serves.</p></main></body></html>`,
  );
}

export function startScenarioLayer({ port = MOCK_PORT, prismPort = PRISM_PORT, log = () => {} } = {}) {
  const state = createState();
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://mock.invalid');
      if (url.pathname === '/__mock/health') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      if (!isGatewayPath(url.pathname)) {
        return standInPage(res, url.pathname);
      }
      const body = await readBody(req);
      const headers = { ...req.headers, host: `127.0.0.1:${prismPort}` };
      const { document, operations, scenarios } = state();
      const entry = findOperation(operations, req.method ?? 'GET', url.pathname);
      let delayMs = 0;
      let setCookie;
      if (entry && headers.prefer === undefined) {
        const rule = chooseRule(scenarios, entry.id, { headers: req.headers, query: url.searchParams, body: parseJson(body) });
        // Without a rule, name the default explicitly: Prism alone may prefer a schema's example.
        const respond = rule?.respond ?? defaultRespond(document, entry.operation);
        if (respond) {
          const prefer = preferFor(document, entry.operation, respond);
          if (prefer) headers.prefer = prefer;
          delayMs = respond.delayMs ?? 0;
          setCookie = respond.setCookie;
        }
      }
      log(`${req.method} ${url.pathname}${headers.prefer ? `  [Prefer: ${headers.prefer}]` : ''}`);
      if (delayMs) await new Promise((done) => setTimeout(done, delayMs));
      const upstream = httpRequest({ host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers }, async (answer) => {
        // A rule may remember a step of the journey in a cookie the next rules read.
        const cookies = setCookie ? { 'set-cookie': `${setCookie}; Path=/; SameSite=Strict` } : {};
        const shift = daysFrom(scenarios.referenceDate, mockToday());
        if (shift === 0 || !/json/i.test(answer.headers['content-type'] ?? '')) {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cookies });
          return void answer.pipe(res);
        }
        // The examples' dates are written against the reference date: move them to today.
        const text = (await readBody(answer)).toString('utf8');
        let shifted = text;
        try {
          shifted = JSON.stringify(shiftDates(JSON.parse(text), shift));
        } catch {
          // Not JSON after all: pass it on as it came.
        }
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cookies, 'content-length': Buffer.byteLength(shifted) });
        res.end(shifted);
      });
      upstream.on('error', (error) => {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(`Prism is not answering: ${error.message}`);
      });
      upstream.end(body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`Scenario layer failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return new Promise((resolveServer) => server.listen(port, '127.0.0.1', () => resolveServer(server)));
}

export function startPrism({ port = PRISM_PORT } = {}) {
  const prism = spawn(
    join(root, 'node_modules', '.bin', 'prism'),
    ['mock', bundleFile, '--port', String(port), '--host', '127.0.0.1', '--errors'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return prism;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts Prism and the scenario layer; resolves once both answer. The ports default to
 * MOCK_PORT and PRISM_PORT; the size check and Lighthouse pass free ones.
 */
export async function startMock({ verbose = false, port = MOCK_PORT, prismPort = PRISM_PORT } = {}) {
  const prism = startPrism({ port: prismPort });
  let prismOutput = '';
  const collect = (chunk) => {
    prismOutput = (prismOutput + chunk.toString()).slice(-20_000);
    if (verbose) process.stdout.write(chunk);
  };
  prism.stdout.on('data', collect);
  prism.stderr.on('data', collect);
  const exited = new Promise((_, reject) =>
    prism.on('exit', (code) => reject(new Error(`Prism exited with code ${code}:\n${prismOutput}`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${prismPort}/`, 20_000), exited]);
  const server = await startScenarioLayer({ port, prismPort, log: verbose ? (line) => console.log(`mock: ${line}`) : () => {} });
  const stop = () => {
    server.close();
    prism.kill();
  };
  return { stop, prism };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { stop, prism } = await startMock({ verbose: process.argv.includes('--verbose') });
  console.log(`Mock gateway: http://127.0.0.1:${MOCK_PORT} (Prism on ${PRISM_PORT}, scenarios from openapi/mock-scenarios.yaml)`);
  const shutdown = () => {
    stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  prism.on('exit', (code) => {
    console.error(`Prism stopped (exit code ${code})`);
    process.exit(1);
  });
}
