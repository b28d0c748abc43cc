import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SIGN_IN_ADDRESS_SCRIPT_HASH } from '../security-headers.mjs';

const page = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'index.html'), 'utf8');

describe("the page's inline script", () => {
  it('is the only one, and the policy allows it by its hash, with no unsafe-inline', () => {
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = `sha256-${createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64')}`;
    expect(SIGN_IN_ADDRESS_SCRIPT_HASH).toBe(hash);
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' '${hash}' `);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});
