// @vitest-environment node
// `npm run docs` builds a self-contained HTML reference that names every operation.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { operations, root } from './contract-helpers.mjs';

it('builds an HTML API reference with every operation, without the CDN', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-docs-'));
  try {
    const output = join(dir, 'api.html');
    const result = spawnSync(
      join(root, 'node_modules', '.bin', 'redocly'),
      ['build-docs', 'generated/openapi.json', '--inlineBundle', '--output', output],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const html = readFileSync(output, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    for (const { operation } of operations()) expect(html, operation.operationId).toContain(operation.summary);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
