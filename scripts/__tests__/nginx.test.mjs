// @vitest-environment node
// The production nginx configuration (deploy/nginx/portal-server.conf.template, rendered and run
// by scripts/nginx.mjs as the end-to-end tests run it): the forwarding cases every server that
// ships the portal must pass, then what nginx adds (compression, caching, the dashboards, a
// gateway that does not answer), and that the file agrees with the project's own lists.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_PATHS } from '../../common/dashboard-paths.js';
import { BROTLI_MODULES, NGINX_BINARY, NGINX_MODULES_DIR } from '../ensure-system.mjs';
import { renderPortalServer, startNginx, TEMPLATE, TEMPLATE_VARIABLES } from '../nginx.mjs';
import { GATEWAY_FILES, GATEWAY_PREFIXES } from '../ports.mjs';
import { precompressDirectory } from '../precompress.mjs';
import { ASSET_CACHE_CONTROL, FILE_CACHE_CONTROL, HTML_CACHE_CONTROL, SECURITY_HEADERS } from '../security-headers.mjs';
import { describeForwarding, expectSecurityHeaders, GAPS, sendRaw, startListener, writeFixtureDist } from './forwarding-cases.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const template = readFileSync(TEMPLATE, 'utf8');

describeForwarding('nginx (deploy/nginx/portal-server.conf.template)', ({ distDir, gatewayUrl }) => startNginx({ distDir, gatewayUrl }), {
  gaps: {
    [GAPS.responseHeadersNamedByConnection]:
      'stock nginx drops only the fixed hop-by-hop headers from an answer; the gateway is the one trusted upstream',
  },
});

/** Sends a request as a browser would (origin-form), with extra headers; the answer's body as bytes. */
function get(port, target, headers = {}) {
  return sendRaw(port, { method: 'GET', target, headers });
}

describe('nginx serving the build', () => {
  let distDir;
  let gateway;
  let dashboards;
  let nginx;
  const script = `export const text = ${JSON.stringify('the portal '.repeat(400))};\n`;

  beforeAll(async () => {
    distDir = writeFixtureDist();
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
    nginx = await startNginx({ distDir, gatewayUrl: `http://${gateway.host}`, dashboardUrl: `http://${dashboards.host}` });
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

  it('sends the build brotli- or gzip-compressed as the browser accepts, from the precompressed files', async () => {
    const brotli = await sendRaw(nginx.port, {
      method: 'GET',
      target: '/assets/entry-abc123.js',
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
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

  it('caches hashed assets for a year, revalidates other files and never stores HTML, errors or missing files', async () => {
    expect((await get(nginx.port, '/assets/entry-abc123.js')).headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect((await get(nginx.port, '/')).headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    expect((await get(nginx.port, '/index.html')).headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    expect((await get(nginx.port, '/favicon.svg')).headers['cache-control']).toBe(FILE_CACHE_CONTROL);
    for (const target of ['/assets/missing-abc123.js', '/missing', '/.env', '/login-gateway/../x']) {
      const answer = await get(nginx.port, target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], target).toBe(HTML_CACHE_CONTROL);
      expectSecurityHeaders(answer);
    }
    // The gateway's own caching passes unchanged.
    expect((await get(nginx.port, '/login-gateway/public/branding/brand')).headers['cache-control']).toBe('private, max-age=60');
  });

  it('serves the precompressed index.html for / with the security headers', async () => {
    const page = await sendRaw(nginx.port, { method: 'GET', target: '/', headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(page);
    expect(gunzipSync(readFileSync(join(distDir, 'index.html.gz'))).toString()).toContain('<title>portal</title>');
  });

  it.each(DASHBOARD_PATHS)('forwards the dashboard %s to its own application, with its own headers', async (path) => {
    const answer = await get(nginx.port, path, { Cookie: 'authToken=t' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`<h1>dashboard ${path}</h1>`);
    expect(dashboards.requests).toMatchObject([{ method: 'GET', url: path, headers: { cookie: 'authToken=t' } }]);
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
    expect(answer.headers['strict-transport-security']).toBe(SECURITY_HEADERS['Strict-Transport-Security']);
    expect(gateway.requests).toEqual([]);
  });

  it('answers 502 with the error envelope and the security headers when the gateway does not answer', async () => {
    const gone = await startListener();
    await gone.close();
    const alone = await startNginx({ distDir, gatewayUrl: `http://${gone.host}` });
    try {
      const answer = await get(alone.port, '/login-gateway/api/validateSession');
      expect(answer.status).toBe(502);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body).errors[0].code).toBe('BAD_GATEWAY');
      expectSecurityHeaders(answer);
    } finally {
      await alone.close();
    }
  });
});

describe('deploy/nginx/portal-server.conf.template agrees with the project', () => {
  it('forwards exactly the gateway paths of scripts/ports.mjs to GATEWAY_URL', () => {
    const forwarded = [...template.matchAll(/^location (\^~|=) (\S+) \{\n(?:[^}]*\n)*?\s*proxy_pass \$\{GATEWAY_URL\};/gm)].map(
      (match) => match[2],
    );
    expect(forwarded.sort()).toEqual([...GATEWAY_PREFIXES, ...GATEWAY_FILES].sort());
  });

  it('forwards exactly the dashboards of common/dashboard-paths.js to DASHBOARD_URL', () => {
    const match = /^location ~ \^\/\(\?:([^)]+)\)\$ \{\n\s*proxy_pass \$\{DASHBOARD_URL\};/m.exec(template);
    expect(match?.[1]?.split('|').map((name) => `/${name}`)).toEqual([...DASHBOARD_PATHS]);
  });

  it('sends the security headers of scripts/security-headers.mjs, word for word', () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(template, name).toContain(`add_header ${name} "${value}" always;`);
    }
  });

  it('passes on every request header the contract names, and the credentials', () => {
    const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
    const resolveRef = (node) =>
      node?.$ref
        ? node.$ref
            .split('/')
            .slice(1)
            .reduce((at, key) => at[key], document)
        : node;
    const named = new Set(['Cookie', 'Authorization', 'Content-Type', 'Accept']);
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of [...(item.parameters ?? []), ...(operation?.parameters ?? [])].map(resolveRef)) {
          if (parameter.in === 'header') named.add(parameter.name);
        }
      }
    }
    for (const scheme of Object.values(document.components.securitySchemes)) if (scheme.in === 'header') named.add(scheme.name);
    const passed = [...template.matchAll(/^proxy_set_header (\S+) \$http_(\w+);$/gm)];
    for (const [, header, variable] of passed) expect(variable, header).toBe(header.toLowerCase().replace(/-/g, '_'));
    expect(passed.map(([, header]) => header)).toEqual(expect.arrayContaining([...named]));
  });

  it('renders its variables only, as envsubst with the same names does', () => {
    const values = { portalRoot: '/srv/portal/dist', gatewayUrl: 'https://gateway.internal/', dashboardUrl: 'https://dashboards.internal' };
    const rendered = renderPortalServer(values);
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toContain('root /srv/portal/dist;');
    expect(rendered).toContain('proxy_pass https://gateway.internal;');
    expect(rendered).toContain('try_files $uri @not_found;');
    const envsubst = spawnSync('envsubst', [TEMPLATE_VARIABLES.map((name) => `\${${name}}`).join(' ')], {
      input: template,
      encoding: 'utf8',
      env: { PORTAL_ROOT: '/srv/portal/dist', GATEWAY_URL: 'https://gateway.internal', DASHBOARD_URL: 'https://dashboards.internal' },
    });
    if (envsubst.error) return; // gettext-base is not installed: the node renderer is the documented way
    expect(envsubst.stdout).toBe(rendered);
  });

  it.each([
    [{ portalRoot: 'dist' }, /absolute path/],
    [{ portalRoot: '/srv/portal; evil' }, /absolute path/],
    [{ gatewayUrl: 'https://gateway.internal/base' }, /GATEWAY_URL=.* must be an origin/],
    [{ dashboardUrl: 'gateway.internal' }, /DASHBOARD_URL=.* must be an origin/],
  ])('refuses %o', (override, message) => {
    const values = { portalRoot: '/srv/portal/dist', gatewayUrl: 'https://gateway.internal', dashboardUrl: 'https://dashboards.internal' };
    expect(() => renderPortalServer({ ...values, ...override })).toThrow(message);
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
      const rules = renderPortalServer({ portalRoot: dir, gatewayUrl: 'http://127.0.0.1:9', dashboardUrl: 'http://127.0.0.1:9' });
      writeFileSync(join(dir, 'portal-server.conf'), rules);
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
