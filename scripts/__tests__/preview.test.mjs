// @vitest-environment node
// `vite preview` with this project's vite.config.ts (the settings and guard of
// scripts/portal-preview.mjs) against the forwarding cases every server that ships the portal
// must pass; a naive proxy as the negative control that shows the cases can see a leak; and the
// checks of the upstream setting.
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_BLOCK, configBlock, developmentConfig } from '../portal-config.mjs';
import { upstreamOrigin } from '../portal-preview.mjs';
import {
  CREDENTIALS,
  CRAFTED_TARGETS,
  describeForwarding,
  expectSecurityHeaders,
  sendRaw,
  startListener,
  writeFixtureDist,
} from './forwarding-cases.mjs';

const root = resolve(import.meta.dirname, '..', '..');

/** `vite preview` as `npm run preview` starts it, on a free port, serving distDir and forwarding to gatewayUrl. */
async function startPreview({ distDir, gatewayUrl }) {
  vi.stubEnv('GATEWAY_URL', gatewayUrl);
  vi.stubEnv('DASHBOARD_URL', gatewayUrl);
  try {
    const server = await preview({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: distDir },
      preview: { port: 0, strictPort: false },
    });
    const { port } = server.httpServer.address();
    return {
      port,
      close: async () => {
        server.httpServer.closeAllConnections?.();
        await server.close();
      },
    };
  } finally {
    vi.unstubAllEnvs();
  }
}

async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: server.address().port,
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

describeForwarding('vite preview (scripts/portal-preview.mjs)', startPreview);

describe('negative control: a proxy that builds its target from the request target', () => {
  let attacker;
  let naive;

  beforeAll(async () => {
    attacker = await startListener();
    // The mistake a hand-written proxy makes: new URL(req.url, gateway) lets the target choose the host.
    naive = await listen(
      createServer((req, res) => {
        const target = new URL(req.url ?? '/', 'http://127.0.0.1:9');
        const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.end());
        req.pipe(upstream);
      }),
    );
  });

  afterAll(async () => {
    await naive?.close();
    await attacker?.close();
  });

  it.each(CRAFTED_TARGETS.slice(0, 5))('lets case $name reach the attacker with the credentials', async ({ method, target, body }) => {
    attacker.reset();
    await sendRaw(naive.port, { method, target: target(attacker.host), headers: CREDENTIALS, body });
    expect(attacker.requests).toHaveLength(1);
    expect(attacker.requests[0]?.headers.cookie).toBe(CREDENTIALS.Cookie);
  });
});

describe('the upstream setting (GATEWAY_URL, DASHBOARD_URL)', () => {
  it.each(['http://127.0.0.1:4010/base', 'http://127.0.0.1:4010/?x=1', 'http://user:pw@127.0.0.1:4010', 'file:///tmp/gateway', 'gateway'])(
    'refuses %s (not an origin)',
    (value) => {
      expect(() => upstreamOrigin(value)).toThrow(/must be an origin/);
    },
  );

  it('takes an origin, with or without its trailing slash', () => {
    expect(upstreamOrigin('https://gateway.internal/')).toBe('https://gateway.internal');
    expect(upstreamOrigin('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });
});

describe('vite preview serving the page', () => {
  it("writes the development configuration into it, as a server writes a deployment's", async () => {
    const distDir = writeFixtureDist();
    writeFileSync(join(distDir, 'index.html'), `<!doctype html><title>portal</title>${CONFIG_BLOCK}`);
    const portal = await startPreview({ distDir, gatewayUrl: 'http://127.0.0.1:9' });
    try {
      const page = await sendRaw(portal.port, { method: 'GET', target: '/' });
      expect(page.status).toBe(200);
      expect(page.body).toBe(`<!doctype html><title>portal</title>${configBlock(developmentConfig())}`);
    } finally {
      await portal.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('vite preview when the gateway does not answer', () => {
  it('answers 502 with the security headers', async () => {
    // A port that was just free: a listener started and closed again.
    const gone = await startListener();
    await gone.close();
    const distDir = writeFixtureDist();
    const portal = await startPreview({ distDir, gatewayUrl: `http://${gone.host}` });
    try {
      const answer = await sendRaw(portal.port, { method: 'GET', target: '/login-gateway/api/validateSession' });
      expect(answer.status).toBe(502);
      expectSecurityHeaders(answer);
    } finally {
      await portal.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
