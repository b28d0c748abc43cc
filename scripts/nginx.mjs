// nginx with the portal's production configuration (deploy/nginx/portal-server.conf.template,
// rendered by deploy/nginx/render-portal.sh as the container renders it), run unprivileged for
// the end-to-end tests, the size check, Lighthouse and `npm run serve`: a temporary prefix holds
// the generated main configuration, the rendered rules, the pid file, the logs and the temporary
// files; nginx listens on 127.0.0.1 only and stays in the foreground (daemon off).
//
//   node scripts/nginx.mjs                 serves dist/ on NGINX_PORT with the development
//                                          configuration (openapi/portal-config.development.json,
//                                          any PORTAL_ variable over it), the gateway paths and
//                                          the dashboards forwarded to GATEWAY_URL / DASHBOARD_URL
//                                          (the mock by default), until Ctrl-C
//   PORTAL_CAPTCHA_SITE_KEY=... (every setting of the README's table) \
//   node scripts/nginx.mjs --render --root /srv/portal/dist > portal-server.conf
//                                          checks a deployment's settings (zod, against
//                                          openapi/portal-config.schema.json) and prints its rules
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { BROTLI_MODULES, NGINX_BINARY, NGINX_MODULES_DIR } from './ensure-system.mjs';
import { checkPortalConfig, configFromEnvironment, describeProblems, developmentConfig, environmentOf } from './portal-config.mjs';
import { upstreamOrigin } from './portal-preview.mjs';
import { MOCK_PORT, NGINX_PORT } from './ports.mjs';
import { reportEndpoint } from './security-headers.mjs';

const root = resolve(import.meta.dirname, '..');
export const TEMPLATE = join(root, 'deploy', 'nginx', 'portal-server.conf.template');
/** The one renderer of the template, the container's and the tests'. */
export const RENDER_SCRIPT = join(root, 'deploy', 'nginx', 'render-portal.sh');

/**
 * The access log's format, the same in every http block that serves the portal (this file's,
 * deploy/docker/nginx.conf and deploy/nginx/portal.conf; a test holds them equal): nginx's
 * `combined` without what must never be logged. The path without its query (`$uri`): an emailed
 * link's token goes to the gateway as `?token=` (the contract: "Never logged"); and no
 * `$remote_user`, which nginx reads from the sign-in call's basic credentials.
 */
export const ACCESS_LOG_FORMAT =
  'log_format portal \'$remote_addr [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent "$http_user_agent"\';';

/**
 * The settings of one deployment, as environment variables for deploy/nginx/render-portal.sh,
 * after checking them: the page's configuration with zod against the schema, an absolute build
 * directory, origins for the two upstreams and an address for the violation reports.
 * @param {{ portalRoot: string, gatewayUrl: string, dashboardUrl: string, cspReportUrl: string, config: unknown }} settings
 * @returns {Record<string, string>}
 */
export function deploymentEnvironment({ portalRoot, gatewayUrl, dashboardUrl, cspReportUrl, config }) {
  if (!isAbsolute(portalRoot)) throw new Error(`PORTAL_ROOT=${portalRoot} must be an absolute path`);
  const checked = checkPortalConfig(config);
  if (!checked.ok) throw new Error(`The portal's configuration is not valid: ${describeProblems(checked.problems)}`);
  return {
    PORTAL_ROOT: portalRoot.replace(/\/$/, ''),
    ...environmentOf(checked.config),
    GATEWAY_URL: upstreamOrigin(gatewayUrl, 'GATEWAY_URL'),
    DASHBOARD_URL: upstreamOrigin(dashboardUrl, 'DASHBOARD_URL'),
    PORTAL_CSP_REPORT_URL: reportEndpoint(cspReportUrl, 'PORTAL_CSP_REPORT_URL'),
  };
}

/**
 * Runs deploy/nginx/render-portal.sh with exactly these environment variables (and PATH) into
 * outputDir; returns the rendered rules, or throws with what the script said.
 * @param {string} outputDir
 * @param {Record<string, string>} environment
 */
export function runRenderScript(outputDir, environment) {
  const result = spawnSync('sh', [RENDER_SCRIPT, outputDir], { env: { PATH: process.env.PATH, ...environment }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr.trim() || `${RENDER_SCRIPT} failed (exit code ${result.status})`);
  return readFileSync(join(outputDir, 'portal-server.conf'), 'utf8');
}

/**
 * The server rules of one deployment: its settings checked (deploymentEnvironment), then
 * rendered by deploy/nginx/render-portal.sh into outputDir.
 * @param {string} outputDir
 * @param {Parameters<typeof deploymentEnvironment>[0]} settings
 */
export function renderPortalServer(outputDir, settings) {
  return runRenderScript(outputDir, deploymentEnvironment(settings));
}

/** A port of 127.0.0.1 that was free a moment ago. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((done) => server.close(done));
  return port;
}

/** What is missing to run nginx with the portal's configuration, as sentences; empty when nothing is. */
export function missingNginx() {
  const missing = [];
  if (!existsSync(NGINX_BINARY)) missing.push(`nginx is not installed (${NGINX_BINARY})`);
  for (const module of Object.keys(BROTLI_MODULES)) {
    if (!existsSync(join(NGINX_MODULES_DIR, module))) missing.push(`the brotli module ${module} is not in ${NGINX_MODULES_DIR}`);
  }
  if (!existsSync('/etc/nginx/mime.types')) missing.push('/etc/nginx/mime.types is missing (Debian package nginx-common)');
  return missing;
}

/**
 * The main configuration around the server rules (rendered into the prefix as
 * portal-server.conf): one worker, everything in the prefix. With a certificate it listens as
 * deploy/nginx/portal.conf does in production: TLS and HTTP/2.
 * @param {string} prefix
 * @param {number} port
 * @param {{ cert: string, key: string } | undefined} tls
 */
export function mainConfig(prefix, port, tls) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    '# Generated by scripts/nginx.mjs for one run; the server rules come from deploy/nginx/.',
    ...Object.keys(BROTLI_MODULES).map((module) => `load_module ${join(NGINX_MODULES_DIR, module)};`),
    'daemon off;',
    'worker_processes 1;',
    // As root the workers would otherwise run as nobody, who cannot read the temporary prefix.
    ...(isRoot ? ['user root;'] : []),
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    `  ${ACCESS_LOG_FORMAT}`,
    `  access_log ${prefix}/access.log portal;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/${kind}_temp;`),
    '  server {',
    ...(tls
      ? [
          `    listen 127.0.0.1:${port} ssl http2 default_server;`,
          `    ssl_certificate ${tls.cert};`,
          `    ssl_certificate_key ${tls.key};`,
          '    ssl_protocols TLSv1.2 TLSv1.3;',
        ]
      : [`    listen 127.0.0.1:${port} default_server;`]),
    '    server_name _;',
    `    include ${prefix}/portal-server.conf;`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function answers(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

/**
 * Starts nginx serving distDir with the portal's rules; resolves once it accepts connections.
 * `config` is the page's configuration (the development one unless given), `cspReportUrl`
 * where violations are reported (the gateway's `/csp-reports` unless given: nothing collects
 * them there). `tls` (certificate and key files) serves it over TLS with HTTP/2, as production does.
 * `main` writes the main configuration around the rules (mainConfig unless given: the
 * container's test runs the container's own).
 * @param {{ distDir: string, gatewayUrl: string, dashboardUrl?: string, cspReportUrl?: string, config?: unknown, port?: number, tls?: { cert: string, key: string }, main?: typeof mainConfig }} options
 * @returns {Promise<{ port: number, prefix: string, process: import('node:child_process').ChildProcess, close: () => Promise<void> }>}
 */
export async function startNginx({
  distDir,
  gatewayUrl,
  dashboardUrl = gatewayUrl,
  cspReportUrl = `${upstreamOrigin(gatewayUrl)}/csp-reports`,
  config = developmentConfig(),
  port,
  tls,
  main = mainConfig,
}) {
  const missing = missingNginx();
  if (missing.length) {
    throw new Error(`${missing.join('; ')}: \`node scripts/ensure-system.mjs\` installs it as root, or prints the command`);
  }
  const listenPort = port ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  try {
    renderPortalServer(prefix, { portalRoot: resolve(distDir), gatewayUrl, dashboardUrl, cspReportUrl, config });
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(prefix, 'nginx.conf'), main(prefix, listenPort, tls));
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, `${kind}_temp`));
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];
  const test = spawnSync(NGINX_BINARY, [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  }
  const child = spawn(NGINX_BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  const close = async () => {
    if (!exited) {
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  // No deadline of our own: nginx either listens or exits, and the caller's timeout bounds both.
  while (!(await answers(listenPort))) {
    if (exited) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      await close();
      throw new Error(`nginx stopped before it listened on 127.0.0.1:${listenPort}:\n${stderr}${log}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return { port: listenPort, prefix, process: child, close };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      render: { type: 'boolean' },
      root: { type: 'string' },
    },
  });
  try {
    if (values.render) {
      // A deployment: every setting from the environment, none from development.
      if (!values.root) throw new Error('--render needs --root (the absolute path of the build on the server)');
      const environment = process.env;
      const checked = configFromEnvironment(environment);
      if (!checked.ok) throw new Error(`The portal's configuration is not valid: ${describeProblems(checked.problems)}`);
      const dir = mkdtempSync(join(tmpdir(), 'portal-render-'));
      try {
        process.stdout.write(
          renderPortalServer(dir, {
            portalRoot: values.root,
            gatewayUrl: environment.GATEWAY_URL ?? '',
            dashboardUrl: environment.DASHBOARD_URL ?? '',
            cspReportUrl: environment.PORTAL_CSP_REPORT_URL ?? '',
            config: checked.config,
          }),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const gatewayUrl = process.env.GATEWAY_URL || `http://127.0.0.1:${MOCK_PORT}`;
      const distDir = resolve(values.root ?? join(root, 'dist'));
      if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` first');
      const nginx = await startNginx({
        distDir,
        gatewayUrl,
        dashboardUrl: process.env.DASHBOARD_URL || gatewayUrl,
        ...(process.env.PORTAL_CSP_REPORT_URL ? { cspReportUrl: process.env.PORTAL_CSP_REPORT_URL } : {}),
        port: NGINX_PORT,
      });
      console.log(`Portal (production build, nginx): http://127.0.0.1:${nginx.port}  gateway -> ${gatewayUrl}`);
      let stopping = false;
      const stop = () => {
        stopping = true;
        void nginx.close().then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      nginx.process.on('exit', (code) => {
        if (stopping) return;
        console.error(`nginx stopped (exit code ${code})`);
        rmSync(nginx.prefix, { recursive: true, force: true });
        process.exit(1);
      });
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
