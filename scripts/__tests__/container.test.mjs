// @vitest-environment node
// The container (Dockerfile) cannot drift from what is tested: it copies the renderer and the
// template the end-to-end run uses, its entrypoint runs that renderer into the directory its
// nginx.conf includes, and its nginx.conf, run here by Debian's nginx with the rules rendered by
// that same script, serves the page with the configuration from the environment. Building the
// image needs Docker (scripts/container-check.mjs, part of npm test where Docker runs).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_MODULES_DIR } from '../ensure-system.mjs';
import { startNginx } from '../nginx.mjs';
import { CONFIG_BLOCK, configBlock } from '../portal-config.mjs';
import { HTML_CACHE_CONTROL, reportingSecurityHeaders } from '../security-headers.mjs';
import { expectSecurityHeaders, sendRaw, writeFixtureDist } from './forwarding-cases.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const entrypoint = readFileSync(join(root, 'deploy', 'docker', 'entrypoint.sh'), 'utf8');
const containerNginx = readFileSync(join(root, 'deploy', 'docker', 'nginx.conf'), 'utf8');

/** The Dockerfile's COPY instructions of the final image: [sources, destination]. */
const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)].map((match) => [match[1].split(' '), match[2]]);
/** Where the final image puts a file of the repository. */
function destinationOf(source) {
  const found = copies.find(([sources]) => sources.includes(source));
  if (!found) throw new Error(`the Dockerfile copies no ${source}`);
  const [, destination] = found;
  return destination.endsWith('/') && !source.endsWith('/') ? `${destination}${source.split('/').at(-1)}` : destination;
}

describe('the Dockerfile', () => {
  it('builds on the official nginx image, pinned by its exact version, in both stages', () => {
    expect(dockerfile).toMatch(/^ARG NGINX_IMAGE=nginx:\d+\.\d+\.\d+-alpine$/m);
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual(['${NGINX_IMAGE}', '${NGINX_IMAGE}']);
  });

  it('copies files that exist, and the build context holds them', () => {
    const ignore = readFileSync(join(root, '.dockerignore'), 'utf8');
    for (const [sources] of copies) {
      for (const source of sources) {
        expect(existsSync(join(root, source)) || source === 'dist/', source).toBe(true);
        expect(ignore, source).toMatch(new RegExp(`^!${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      }
    }
  });

  it('starts with the entrypoint, which renders the rules with the copied renderer where nginx.conf includes them', () => {
    expect(dockerfile).toMatch(new RegExp(`^ENTRYPOINT \\["${destinationOf('deploy/docker/entrypoint.sh')}"\\]$`, 'm'));
    expect(destinationOf('deploy/docker/nginx.conf')).toBe('/etc/nginx/nginx.conf');
    // The renderer reads the template beside itself.
    const renderer = destinationOf('deploy/nginx/render-portal.sh');
    expect(destinationOf('deploy/nginx/portal-server.conf.template')).toBe(
      renderer.replace('render-portal.sh', 'portal-server.conf.template'),
    );
    const rendered = new RegExp(`^${renderer} (\\S+)$`, 'm').exec(entrypoint)?.[1];
    expect(containerNginx).toContain(`include ${rendered}/portal-server.conf;`);
    expect(entrypoint).toMatch(/^set -eu$/m);
    expect(entrypoint.trim().split('\n').at(-1)).toBe('exec "$@"');
    // The build is where PORTAL_ROOT says.
    expect(dockerfile).toMatch(new RegExp(`^ENV PORTAL_ROOT=${destinationOf('dist/').replace(/\/$/, '')}$`, 'm'));
  });
});

describe("the container's nginx.conf, with the rules rendered by deploy/nginx/render-portal.sh", () => {
  const config = {
    captchaSiteKey: '6Lc_container-site-key_0123456789abcdef',
    envPathPrefix: '/prod',
    idleSeconds: 1770,
    apiTimeoutMs: 30000,
    helpCenterUrl: 'https://help.example.com/',
    partnersPageUrl: 'https://partners.example.com/',
    surveyUrl: 'https://survey.example.com/logout',
  };
  const reportUrl = 'https://csp-reports.example.com/portal';
  let distDir;
  let nginx;

  /**
   * The container's nginx.conf with its paths moved into this run's prefix: each replaced text
   * must be there, so a change to the file fails here rather than passing unrun.
   */
  function containerMain(prefix, port) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const moves = [
      ['load_module modules/', `load_module ${NGINX_MODULES_DIR}/`],
      ['user nginx;', isRoot ? 'user root;' : ''],
      ['pid /run/nginx.pid;', `pid ${prefix}/nginx.pid;`],
      ['/var/log/nginx/', `${prefix}/`],
      ['listen 8080 default_server;', `listen 127.0.0.1:${port} default_server;`],
      ['include /etc/nginx/portal/portal-server.conf;', `include ${prefix}/portal-server.conf;`],
      [
        'http {',
        `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${prefix}/${kind}_temp;`).join('\n')}`,
      ],
    ];
    let text = containerNginx;
    for (const [from, to] of moves) {
      expect(text, from).toContain(from);
      text = text.replaceAll(from, to);
    }
    // In the foreground, as the Dockerfile's CMD runs it (-g 'daemon off;'): a daemon outlives
    // the process startNginx watches, so its close() would leave it running, its prefix deleted.
    return `daemon off;\n${text}`;
  }

  beforeAll(async () => {
    distDir = writeFixtureDist();
    writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>portal</title>${CONFIG_BLOCK}`);
    nginx = await startNginx({ distDir, gatewayUrl: 'http://127.0.0.1:9', cspReportUrl: reportUrl, config, main: containerMain });
  });

  afterAll(async () => {
    await nginx?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the page with the configuration from the environment and the security headers', async () => {
    const page = await sendRaw(nginx.port, { method: 'GET', target: '/', headers: { 'Accept-Encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
    expectSecurityHeaders(page, reportingSecurityHeaders(reportUrl));
    const plain = await sendRaw(nginx.port, { method: 'GET', target: '/' });
    expect(plain.body).toBe(`<!doctype html><title>portal</title>${configBlock(config)}`);
  });

  it('refuses what the portal refuses, with the same headers', async () => {
    const refused = await sendRaw(nginx.port, { method: 'GET', target: '//evil.example/x' });
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused, reportingSecurityHeaders(reportUrl));
    expect(refused.headers['cache-control']).toBe(HTML_CACHE_CONTROL);
  });
});
