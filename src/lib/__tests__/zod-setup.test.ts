import { expect, it } from 'vitest';
import '../zod-setup';

it('makes zod jitless, so a strict CSP sees no eval probe', async () => {
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
});
