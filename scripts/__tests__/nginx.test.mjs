// @vitest-environment node
// The production nginx configuration (deploy/nginx/portal-server.conf.template, rendered by
// deploy/nginx/render-portal.sh and run by scripts/nginx.mjs as the end-to-end tests run it): the
// forwarding cases every server that ships the portal must pass, then what nginx adds
// (compression, caching, the page's configuration, the dashboards under the environment's
// prefix, a gateway that does not answer, nginx's own answers), that the renderer refuses what
// would break the file, and that the file agrees with the project's own lists.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_PATHS } from '../../common/dashboard-paths.js';
import { BROTLI_MODULES, NGINX_BINARY, NGINX_MODULES_DIR } from '../ensure-system.mjs';
import {
  ACCESS_LOG_FORMAT,
  deploymentEnvironment,
  renderPortalServer,
  RENDER_SCRIPT,
  runRenderScript,
  startNginx,
  TEMPLATE,
} from '../nginx.mjs';
import { cacheablePaths } from '@signin-portal/verify-gateway/openapi-document';
import { CONFIG_BLOCK, configBlock, configurationVariables, DEVELOPMENT_CONFIG, PORTAL_CONFIG_SCHEMA } from '../portal-config.mjs';
import { GATEWAY_FILES, GATEWAY_PREFIXES } from '../ports.mjs';
import { precompressDirectory } from '../precompress.mjs';
import {
  ASSET_CACHE_CONTROL,
  FILE_CACHE_CONTROL,
  GATEWAY_CACHE_CONTROL,
  HTML_CACHE_CONTROL,
  reportingSecurityHeaders,
  SECURITY_HEADERS,
} from '../security-headers.mjs';
import { describeForwarding, expectSecurityHeaders, GAPS, sendRaw, startListener, writeFixtureDist } from './forwarding-cases.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const template = readFileSync(TEMPLATE, 'utf8');
const contract = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
/** Where the tests' nginx says violations are reported (nothing listens: no test makes one here). */
const REPORT_URL = 'https://csp-reports.example.test/portal';
const HEADERS = reportingSecurityHeaders(REPORT_URL);

describeForwarding(
  'nginx (deploy/nginx/portal-server.conf.template)',
  ({ distDir, gatewayUrl }) => startNginx({ distDir, gatewayUrl, cspReportUrl: REPORT_URL }),
  {
    securityHeaders: HEADERS,
    gaps: {
      [GAPS.responseHeadersNamedByConnection]:
        'stock nginx drops only the fixed hop-by-hop headers from an answer; the gateway is the one trusted upstream',
    },
  },
);

/** Sends a request as a browser would (origin-form), with extra headers; the answer's body as text. */
function get(port, target, headers = {}) {
  return sendRaw(port, { method: 'GET', target, headers });
}

/** A deployment's page configuration, unlike the development one in every key. */
const DEPLOYMENT_CONFIG = {
  captchaSiteKey: '6Lc_deployment-site-key_0123456789abcdef',
  envPathPrefix: '/qa',
  idleSeconds: 900,
  apiTimeoutMs: 20000,
  helpCenterUrl: 'https://help.example.com/portal',
  partnersPageUrl: 'https://partners.example.com/',
  surveyUrl: 'https://survey.example.com/logout?source=portal&v=2',
};

describe('nginx serving the build', () => {
  let distDir;
  let gateway;
  let dashboards;
  let nginx;
  const script = `export const text = ${JSON.stringify('the portal '.repeat(400))};\n`;

  beforeAll(async () => {
    distDir = writeFixtureDist();
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><title>portal</title>${CONFIG_BLOCK}<p>${'the sign-in page '.repeat(40)}</p>`,
    );
    writeFileSync(join(distDir, 'assets', 'entry-abc123.js'), script);
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompressDirectory(distDir);
    gateway = await startListener((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, max-age=60' });
      res.end(JSON.stringify({ data: { brandName: 'Example Partner '.repeat(40) } }));
    });
    dashboards = await startListener((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" });
      res.end(`<h1>dashboard ${req.url}</h1>`);
    });
    nginx = await startNginx({
      distDir,
      gatewayUrl: `http://${gateway.host}`,
      dashboardUrl: `http://${dashboards.host}`,
      cspReportUrl: REPORT_URL,
      config: DEPLOYMENT_CONFIG,
    });
  });

  afterAll(async () => {
    await nginx?.close();
    await gateway?.close();
    await dashboards?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    gateway.reset();
    dashboards.reset();
  });

  it("writes the deployment's configuration into the page, compressed on the fly, never stored", async () => {
    for (const target of ['/', '/index.html']) {
      const page = await get(nginx.port, target);
      expect(page.status, target).toBe(200);
      expect(page.body, target).toContain(configBlock(DEPLOYMENT_CONFIG));
      expect(page.body, target).not.toContain(CONFIG_BLOCK);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
      expectSecurityHeaders(page, HEADERS);
    }
    const brotli = await new Promise((done, fail) => {
      httpGet({ host: '127.0.0.1', port: nginx.port, path: '/', headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toContain(configBlock(DEPLOYMENT_CONFIG));
  });

  it('sends the build brotli- or gzip-compressed as the browser accepts, from the precompressed files', async () => {
    const brotli = await get(nginx.port, '/assets/entry-abc123.js', { 'Accept-Encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(brotli.headers['content-length'])).toBe(readFileSync(join(distDir, 'assets', 'entry-abc123.js.br')).length);
    const gzip = await get(nginx.port, '/assets/entry-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(readFileSync(join(distDir, 'assets', 'entry-abc123.js.gz')).length);
    const plain = await get(nginx.port, '/assets/entry-abc123.js');
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).toBe(script);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('compresses the gateway answers on the fly', async () => {
    // The body is binary: read it raw rather than as the UTF-8 text sendRaw decodes.
    const answer = await new Promise((done, fail) => {
      const options = {
        host: '127.0.0.1',
        port: nginx.port,
        path: '/login-gateway/public/branding/brand',
        headers: { 'Accept-Encoding': 'br' },
      };
      httpGet(options, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8')).data.brandName).toContain('Example Partner');
  });

  it('caches hashed assets for a year, revalidates other files and never stores HTML, errors, missing files or gateway answers', async () => {
    expect((await get(nginx.port, '/assets/entry-abc123.js')).headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect((await get(nginx.port, '/favicon.svg')).headers['cache-control']).toBe(FILE_CACHE_CONTROL);
    for (const target of ['/assets/missing-abc123.js', '/missing', '/.env', '/login-gateway/../x']) {
      const answer = await get(nginx.port, target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], target).toBe(HTML_CACHE_CONTROL);
      expectSecurityHeaders(answer, HEADERS);
    }
    // The gateway says 'private, max-age=60' on every answer: only the cacheable ones keep it.
    expect((await get(nginx.port, '/login-gateway/api/validateSession')).headers['cache-control']).toBe(GATEWAY_CACHE_CONTROL);
    expect((await get(nginx.port, '/login-gateway/public/branding/brand')).headers['cache-control']).toBe('private, max-age=60');
    expect((await get(nginx.port, '/announcements.json')).headers['cache-control']).toBe('private, max-age=60');
  });

  it.each(DASHBOARD_PATHS)(
    "forwards the dashboard %s under the environment's prefix to its own application, with its own headers",
    async (path) => {
      const answer = await get(nginx.port, `/qa${path}`, { Cookie: 'authToken=t' });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(`<h1>dashboard /qa${path}</h1>`);
      expect(dashboards.requests).toMatchObject([{ method: 'GET', url: `/qa${path}`, headers: { cookie: 'authToken=t' } }]);
      expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
      expect(answer.headers['strict-transport-security']).toBe(SECURITY_HEADERS['Strict-Transport-Security']);
      // Without the prefix it is no dashboard of this environment.
      expect((await get(nginx.port, path)).status).toBe(404);
      expect(dashboards.requests).toHaveLength(1);
      expect(gateway.requests).toEqual([]);
    },
  );

  it("logs each request without its query or the sign-in's basic credentials", async () => {
    const token = 'link-token-4f9a1c';
    const answer = await sendRaw(nginx.port, {
      method: 'GET',
      target: `/login-gateway/verification/token?token=${token}`,
      headers: { Authorization: `Basic ${Buffer.from('jsmith401:Retire#2045').toString('base64')}` },
    });
    expect(answer.status).toBe(200);
    expect(gateway.requests.at(-1)?.url).toBe(`/login-gateway/verification/token?token=${token}`);
    // nginx writes the line once the answer has gone: read until it is there.
    const log = join(nginx.prefix, 'access.log');
    let lines = [];
    for (let tries = 0; tries < 200 && !lines.some((line) => line.includes('/verification/token')); tries += 1) {
      if (tries > 0) await new Promise((done) => setTimeout(done, 25));
      lines = readFileSync(log, 'utf8').split('\n');
    }
    const line = lines.find((entry) => entry.includes('/verification/token'));
    expect(line).toContain('"GET /login-gateway/verification/token HTTP/1.1" 200');
    expect(line).not.toContain(token);
    expect(line).not.toContain('jsmith401');
  });

  it('answers 502 with the error envelope and the security headers when the gateway does not answer', async () => {
    const gone = await startListener();
    await gone.close();
    const alone = await startNginx({ distDir, gatewayUrl: `http://${gone.host}`, cspReportUrl: REPORT_URL });
    try {
      for (const target of ['/login-gateway/api/validateSession', '/login-gateway/public/branding/brand']) {
        const answer = await get(alone.port, target);
        expect(answer.status, target).toBe(502);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body).errors[0].code).toBe('BAD_GATEWAY');
        expect(answer.headers['cache-control']).toBe(GATEWAY_CACHE_CONTROL);
        expectSecurityHeaders(answer, HEADERS);
      }
    } finally {
      await alone.close();
    }
  });
});

/**
 * Writes raw bytes and resolves, once the server has closed the connection, to everything it sent.
 * It keeps its side of the connection open, as a client waiting for the answer does: one that ends
 * it at once can meet nginx's own error page instead of the portal's (the 413 did, once, in a
 * fresh clone's run), so the 413's case waits the 5 s nginx lingers for the body.
 */
function exchange(port, bytes) {
  return new Promise((done, fail) => {
    const chunks = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('close', () => done(Buffer.concat(chunks).toString('latin1')));
  });
}

describe("nginx's own answers", () => {
  let distDir;
  let nginx;

  beforeAll(async () => {
    distDir = writeFixtureDist();
    nginx = await startNginx({ distDir, gatewayUrl: 'http://127.0.0.1:9', cspReportUrl: REPORT_URL });
  });

  afterAll(async () => {
    await nginx?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  it('answers an HTTP/0.9 request (no status line, no headers) with nothing at all', async () => {
    expect(await exchange(nginx.port, 'GET /\r\n')).toBe('');
    expect(await exchange(nginx.port, 'GET /index.html\r\n')).toBe('');
    // The control: the same request in HTTP/1.0 gets the page.
    expect(await exchange(nginx.port, 'GET / HTTP/1.0\r\n\r\n')).toContain('<title>portal</title>');
  });

  const host = 'Host: portal.test\r\nConnection: close\r\n';
  it.each([
    ['a malformed request line', 400, 'GARBAGE\r\n\r\n'],
    ['a request without Host', 400, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['an over-long URI', 414, `GET /${'a'.repeat(10_000)} HTTP/1.1\r\n${host}\r\n`],
    ['huge headers', 400, `GET / HTTP/1.1\r\n${host}X-Huge: ${'h'.repeat(20_000)}\r\n\r\n`],
    ['a huge cookie', 400, `GET /login-gateway/api/validateSession HTTP/1.1\r\n${host}Cookie: a=${'c'.repeat(20_000)}\r\n\r\n`],
    ['an absolute-form target', 400, `GET http://evil.example/ HTTP/1.1\r\n${host}\r\n`],
    ['a missing file', 404, `GET /assets/missing-0000.js HTTP/1.1\r\n${host}\r\n`],
    ['a dot-file', 404, `GET /.env HTTP/1.1\r\n${host}\r\n`],
    ['a refused method', 405, `DELETE /index.html HTTP/1.1\r\n${host}\r\n`],
    ['a body too large', 413, `POST /login-gateway/authentication HTTP/1.1\r\n${host}Content-Length: 50000000\r\n\r\n`],
    ['an unknown transfer coding', 501, `POST /login-gateway/authentication HTTP/1.1\r\n${host}Transfer-Encoding: gzip\r\n\r\n`],
    ['an unsupported HTTP version', 505, `GET / HTTP/2.0\r\n${host}\r\n`],
  ])('answers %s with %i, the security headers, no-store and an empty body', async (_case, status, request) => {
    const raw = await exchange(nginx.port, request);
    const [head = '', body] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectSecurityHeaders({ headers }, HEADERS);
    expect(headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    if (status === 405) expect(headers.allow).toBe('GET, HEAD');
    expect(body).toBe('');
  });
});

describe('deploy/nginx/render-portal.sh, the one renderer', () => {
  const settings = {
    portalRoot: '/srv/portal/dist',
    gatewayUrl: 'https://gateway.internal',
    dashboardUrl: 'https://dashboards.internal',
    cspReportUrl: 'https://csp-reports.example.com/portal',
    config: DEPLOYMENT_CONFIG,
  };
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-render-test-'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  /** The render script's own lists (SETTINGS, NUMBERS), as it reads them. */
  function scriptList(name) {
    const match = new RegExp(`^${name}='([^']*)'$`, 'm').exec(readFileSync(RENDER_SCRIPT, 'utf8'));
    return match?.[1]?.split(' ') ?? [];
  }

  it('fills in every setting the template names, and only those, as the schema names them', () => {
    const named = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]));
    expect([...named].sort()).toEqual(['PORTAL_ROOT', ...configurationVariables()].sort());
    expect(scriptList('SETTINGS').sort()).toEqual([...named].sort());
    const rendered = renderPortalServer(dir, settings);
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toContain('root /srv/portal/dist;');
    expect(rendered).toContain('proxy_pass https://gateway.internal;');
    expect(rendered).toContain('try_files $uri =404;');
    expect(rendered).toContain('location ~ ^/qa/(?:advisor|');
  });

  it("writes the page's configuration as the portal reads it: the schema's keys in its order, numbers as numbers", () => {
    const rendered = renderPortalServer(dir, settings);
    expect(rendered).toContain(`sub_filter '${CONFIG_BLOCK}' '${configBlock(DEPLOYMENT_CONFIG)}';`);
    const integers = Object.values(PORTAL_CONFIG_SCHEMA.properties)
      .filter((property) => property.type === 'integer')
      .map((property) => property['x-env']);
    expect(scriptList('NUMBERS')).toEqual(integers);
  });

  it("uses the schema's x-env-default when a setting that has one is unset", () => {
    const environment = deploymentEnvironment({ ...settings, config: DEVELOPMENT_CONFIG });
    const withDefaults = Object.values(PORTAL_CONFIG_SCHEMA.properties).filter((property) => 'x-env-default' in property);
    expect(withDefaults.map((property) => property['x-env'])).toEqual(['PORTAL_IDLE_SECONDS', 'PORTAL_API_TIMEOUT_MS']);
    for (const property of withDefaults) delete environment[property['x-env']];
    const expected = { ...DEVELOPMENT_CONFIG, idleSeconds: 1770, apiTimeoutMs: 30000 };
    expect(PORTAL_CONFIG_SCHEMA.properties.idleSeconds['x-env-default']).toBe(1770);
    expect(runRenderScript(dir, environment)).toContain(configBlock(expected));
  });

  it.each([
    ['PORTAL_CAPTCHA_SITE_KEY', undefined, /PORTAL_CAPTCHA_SITE_KEY is not set/],
    ['GATEWAY_URL', undefined, /GATEWAY_URL is not set/],
    ['PORTAL_ENV_PATH_PREFIX', undefined, /PORTAL_ENV_PATH_PREFIX is not set/],
    ['PORTAL_SURVEY_URL', '', /PORTAL_SURVEY_URL is empty/],
    ['PORTAL_HELP_CENTER_URL', 'https://help.example.com/"}</script><script>alert(1)</script>', /PORTAL_HELP_CENTER_URL holds a character/],
    ['PORTAL_CSP_REPORT_URL', "https://r.example.com/'; add_header X 1;'", /PORTAL_CSP_REPORT_URL holds a character/],
    ['PORTAL_PARTNERS_PAGE_URL', 'https://partners.example.com/$uri', /PORTAL_PARTNERS_PAGE_URL holds a character/],
    ['PORTAL_CAPTCHA_SITE_KEY', 'site key', /PORTAL_CAPTCHA_SITE_KEY holds a character/],
    ['PORTAL_IDLE_SECONDS', '17.5', /PORTAL_IDLE_SECONDS must be a whole number/],
    ['PORTAL_API_TIMEOUT_MS', '', /PORTAL_API_TIMEOUT_MS is empty/],
  ])('refuses %s=%j, naming it, and writes nothing', (name, value, message) => {
    const environment = deploymentEnvironment(settings);
    if (value === undefined) delete environment[name];
    else environment[name] = value;
    expect(() => runRenderScript(dir, environment)).toThrow(message);
    expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout).toBe('');
  });

  it.each([
    [{ portalRoot: 'dist' }, /PORTAL_ROOT=dist must be an absolute path/],
    [{ gatewayUrl: 'https://gateway.internal/base' }, /GATEWAY_URL=.* must be an origin/],
    [{ dashboardUrl: 'gateway.internal' }, /DASHBOARD_URL=.* must be an origin/],
    [{ cspReportUrl: 'http://reports.example.com/' }, /PORTAL_CSP_REPORT_URL=.* must be an https address/],
    [{ config: { ...DEPLOYMENT_CONFIG, envPathPrefix: '/qa/../x' } }, /envPathPrefix/],
    [{ config: { ...DEPLOYMENT_CONFIG, captchaSiteKey: undefined } }, /captchaSiteKey/],
  ])('scripts/nginx.mjs checks a deployment before rendering it, naming the bad setting: %o', (override, message) => {
    expect(() => renderPortalServer(dir, { ...settings, ...override })).toThrow(message);
  });
});

describe('deploy/nginx/portal-server.conf.template agrees with the project', () => {
  it('forwards exactly the gateway paths of scripts/ports.mjs to GATEWAY_URL', () => {
    const prefixes = /^location ~ \^\/\(\?:([^)]+)\)\/ \{\n\s*proxy_pass \$\{GATEWAY_URL\};/m.exec(template)?.[1]?.split('|') ?? [];
    const exact = [...template.matchAll(/^location = (\S+) \{\n(?:[^}]*\n)*?\s*proxy_pass \$\{GATEWAY_URL\};/gm)].map((match) => match[1]);
    expect(prefixes.map((name) => `/${name}/`).sort()).toEqual([...GATEWAY_PREFIXES].sort());
    expect(exact.filter((path) => !GATEWAY_PREFIXES.some((prefix) => path.startsWith(prefix))).sort()).toEqual([...GATEWAY_FILES].sort());
  });

  it("passes the gateway's Cache-Control on exactly for the answers the contract marks x-cacheable", () => {
    const passing = [...template.matchAll(/^location = (\S+) \{\n(?:[^}]*\n)*?\s*proxy_pass_header Cache-Control;/gm)].map(
      (match) => match[1],
    );
    expect(passing.sort()).toEqual(cacheablePaths(contract).sort());
    expect(template).toMatch(/^proxy_hide_header Cache-Control;$/m);
  });

  it('forwards exactly the dashboards of common/dashboard-paths.js, under the prefix, to DASHBOARD_URL', () => {
    const match = /^location ~ \^\$\{PORTAL_ENV_PATH_PREFIX\}\/\(\?:([^)]+)\)\$ \{\n\s*proxy_pass \$\{DASHBOARD_URL\};/m.exec(template);
    expect(match?.[1]?.split('|').map((name) => `/${name}`)).toEqual([...DASHBOARD_PATHS]);
  });

  it('sends the security headers of scripts/security-headers.mjs, word for word, reporting to PORTAL_CSP_REPORT_URL', () => {
    for (const [name, value] of Object.entries(reportingSecurityHeaders('${PORTAL_CSP_REPORT_URL}'))) {
      const quoted = value.includes('"') ? `'${value}'` : `"${value}"`;
      expect(template, name).toContain(`add_header ${name} ${quoted} always;`);
    }
  });

  it('passes on every request header the contract names, and the credentials', () => {
    const resolveRef = (node) =>
      node?.$ref
        ? node.$ref
            .split('/')
            .slice(1)
            .reduce((at, key) => at[key], contract)
        : node;
    const named = new Set(['Cookie', 'Authorization', 'Content-Type', 'Accept']);
    for (const item of Object.values(contract.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of [...(item.parameters ?? []), ...(operation?.parameters ?? [])].map(resolveRef)) {
          if (parameter.in === 'header') named.add(parameter.name);
        }
      }
    }
    for (const scheme of Object.values(contract.components.securitySchemes)) if (scheme.in === 'header') named.add(scheme.name);
    const passed = [...template.matchAll(/^proxy_set_header (\S+) \$http_(\w+);$/gm)];
    for (const [, header, variable] of passed) expect(variable, header).toBe(header.toLowerCase().replace(/-/g, '_'));
    expect(passed.map(([, header]) => header)).toEqual(expect.arrayContaining([...named]));
  });

  it('hands every error nginx makes itself to /.portal-error, in the gateway locations too', () => {
    const codes = (line) => line.split(' ').slice(1, -1).map(Number);
    const [server, ...locations] = [...template.matchAll(/^\s*error_page ([^;]+);$/gm)].map((match) => `error_page ${match[1]}`);
    const all = codes(server ?? '');
    expect(server).toMatch(/ \/\.portal-error$/);
    for (const line of locations.filter((line) => line.endsWith('/.portal-error'))) {
      expect([...codes(line), 502, 504].sort()).toEqual([...all].sort());
    }
  });
});

describe('the access log', () => {
  it('has the one format, without query or credentials, wherever the portal is served', () => {
    const files = ['deploy/docker/nginx.conf', 'deploy/nginx/portal.conf'].map((file) => ({
      file,
      text: readFileSync(join(root, file), 'utf8'),
    }));
    for (const { file, text } of files) {
      expect(text, file).toContain(ACCESS_LOG_FORMAT);
      const logs = [...text.matchAll(/^\s*access_log\s+([^;]*);/gm)].map((match) => match[1]);
      expect(logs.length, file).toBeGreaterThan(0);
      expect(
        logs.filter((directive) => !/ portal$/.test(directive)),
        `${file}: access logs in another format`,
      ).toEqual([]);
    }
    expect(template).not.toMatch(/access_log|log_format/);
  });
});

describe('deploy/nginx/portal.conf, the example site', () => {
  it('is a configuration nginx accepts, with the rendered rules and a throwaway certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-site-'));
    try {
      const certificate = spawnSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=portal.example.com'].concat([
          '-keyout',
          join(dir, 'portal.key'),
          '-out',
          join(dir, 'portal.pem'),
        ]),
        { encoding: 'utf8' },
      );
      if (certificate.error) return; // no openssl here: nginx -t needs a certificate to read
      mkdirSync(join(dir, 'logs'));
      renderPortalServer(dir, {
        portalRoot: dir,
        gatewayUrl: 'http://127.0.0.1:9',
        dashboardUrl: 'http://127.0.0.1:9',
        cspReportUrl: REPORT_URL,
        config: DEPLOYMENT_CONFIG,
      });
      const site = readFileSync(join(root, 'deploy', 'nginx', 'portal.conf'), 'utf8')
        .replace('/etc/ssl/certs/portal.example.com.pem', join(dir, 'portal.pem'))
        .replace('/etc/ssl/private/portal.example.com.key', join(dir, 'portal.key'))
        .replaceAll('/etc/nginx/portal/portal-server.conf', join(dir, 'portal-server.conf'));
      writeFileSync(join(dir, 'portal.conf'), site);
      writeFileSync(
        join(dir, 'nginx.conf'),
        [
          ...Object.keys(BROTLI_MODULES).map((module) => `load_module ${join(NGINX_MODULES_DIR, module)};`),
          `pid ${dir}/nginx.pid;`,
          'events {}',
          `http { include /etc/nginx/mime.types; include ${dir}/portal.conf; }`,
        ].join('\n'),
      );
      const result = spawnSync(NGINX_BINARY, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log')], {
        encoding: 'utf8',
      });
      expect(result.stderr).toMatch(/test is successful/);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
