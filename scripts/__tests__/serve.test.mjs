// @vitest-environment node
// scripts/serve.mjs, the production server, against the forwarding cases every server that
// ships the portal must pass; a naive proxy as the negative control that shows the cases can
// see a leak; and the checks of its gateway setting.
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalServer } from '../serve.mjs';
import {
  CREDENTIALS,
  CRAFTED_TARGETS,
  describeForwarding,
  expectSecurityHeaders,
  sendRaw,
  startListener,
  writeFixtureDist,
} from './forwarding-cases.mjs';

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

describeForwarding('scripts/serve.mjs', ({ distDir, gatewayUrl }) => listen(createPortalServer({ distDir, gatewayUrl })));

describe('negative control: a proxy that builds its target from the request target', () => {
  let attacker;
  let naive;

  beforeAll(async () => {
    attacker = await startListener();
    // The mistake serve.mjs used to make: new URL(req.url, gateway) lets the target choose the host.
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

describe('scripts/serve.mjs gateway setting', () => {
  it.each(['http://127.0.0.1:4010/base', 'http://127.0.0.1:4010/?x=1', 'http://user:pw@127.0.0.1:4010', 'file:///tmp/gateway'])(
    'refuses GATEWAY_URL=%s (not an origin)',
    (gatewayUrl) => {
      expect(() => createPortalServer({ distDir: '.', gatewayUrl })).toThrow(/must be an origin/);
    },
  );

  it('answers 502 with the security headers when the gateway does not answer', async () => {
    // A port that was just free: a listener started and closed again.
    const gone = await startListener();
    await gone.close();
    const distDir = writeFixtureDist();
    const portal = await listen(createPortalServer({ distDir, gatewayUrl: `http://${gone.host}` }));
    try {
      const answer = await sendRaw(portal.port, { method: 'GET', target: '/login-gateway/api/validateSession' });
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body).errors[0].code).toBe('BAD_GATEWAY');
      expectSecurityHeaders(answer);
    } finally {
      await portal.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
