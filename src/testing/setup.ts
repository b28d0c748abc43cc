import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { threadId } from 'node:worker_threads';
import { afterEach, expect, vi } from 'vitest';
import developmentConfig from '../../openapi/portal-config.development.json';
import { checkPortalConfig, setPortalEnv } from '../lib/env';
import { appQueryClient } from '../lib/query-client';

// The tests run with the development configuration, the one `npm start` writes into the page.
const config = checkPortalConfig(developmentConfig);
if (!config.ok) throw new Error(`openapi/portal-config.development.json: ${JSON.stringify(config.problems)}`);
setPortalEnv(config.env);

// jsdom has no BroadcastChannel, and Node's reaches every worker thread of the process: a sign-out
// broadcast by a test in one file signed out the tabs of a test running in another (its stored
// session cleared under it). The test files that share a thread are one browser; the others, not.
// (This file runs before each test file of the thread: the channel is replaced once.)
const threadLocal = Symbol.for('portal.threadLocalChannel');
if (typeof BroadcastChannel !== 'undefined' && !(threadLocal in BroadcastChannel)) {
  globalThis.BroadcastChannel = class ThreadBroadcastChannel extends BroadcastChannel {
    static readonly [threadLocal] = true;
    constructor(name: string) {
      super(`${name}@${threadId}`);
    }
  };
}

// jsdom has no modal dialogs: enough of one for components that use <dialog>. The real
// behaviour (inert page, focus, Escape) is covered by the end-to-end tests in Chromium.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// A button the user cannot use now: disabled, or unavailable as the portal's busy and
// not-yet-sendable buttons are (aria-disabled, so they keep the focus: src/components/ui/button.tsx).
// jest-dom's toBeDisabled reads only the disabled attribute; Playwright's reads both, as this does.
expect.extend({
  toBeUnavailable(element: HTMLElement) {
    const pass = element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
    return { pass, message: () => `expected the ${element.tagName.toLowerCase()} ${pass ? 'not ' : ''}to be unavailable` };
  },
});

declare module 'vitest' {
  interface Assertion {
    toBeUnavailable(): void;
  }
}

// findBy and waitFor resolve as soon as what they wait for is there; the bound is only how long
// they keep looking. Testing Library's 1 s ran out when the machine was busy (a lazy chunk
// transformed on first use, two cores shared): a loaded machine is slower, not wrong.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // The test files share their workers (vite.config.ts): no test's fake clock outlives it.
  vi.useRealTimers();
  // Script tests run in Node, without a DOM.
  if (typeof window === 'undefined') return;
  cleanup();
  // The app's one query client (the session watcher's, the sign-in's) lives as long as the
  // module: each test starts with an empty cache, as each visit does.
  appQueryClient.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
