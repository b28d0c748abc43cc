import type { Page } from '@playwright/test';

/*
 * What the hostile suites watch inside the page, beyond the shared fixture's guards: when each
 * gateway request was sent (by the page's own clock, which the tests may hold), unhandled
 * promise rejections, and every message that appears in a live region, each appearance once
 * (a toast replaced by the same toast is a new appearance; an inline error that stays is not).
 */

declare global {
  interface Window {
    __watch: {
      /**
       * Each fetch the page made: its address, `Date.now()` when it was made, and whether the
       * page's preload of that address answered it (the first fetch of a preloaded address
       * sends no request of its own: the preload's request, made as the page loaded, was it).
       */
      fetches: { url: string; at: number; preloaded: boolean }[];
      /** The addresses of the requests the fetches sent, in order (a fetch a preload answered sent none). */
      sent: () => string[];
      rejections: string[];
      /** Messages as they appeared, in order. */
      shown: { role: string; text: string }[];
      /** How often the idle timeout began watching for activity (it alone listens for touches). */
      idleArmed: number;
      /** This document's own name, to tell a new document from the one before. */
      document: string;
    };
  }
}

/** Installs the watch in every document the page loads (call once, before the first navigation). */
export async function watchPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch: Window['__watch'] = {
      fetches: [],
      sent: () => watch.fetches.filter((entry) => !entry.preloaded).map((entry) => entry.url),
      rejections: [],
      shown: [],
      idleArmed: 0,
      document: String(Math.random()),
    };
    window.__watch = watch;
    const listen = window.addEventListener;
    window.addEventListener = function (this: Window, ...args: Parameters<typeof listen>) {
      if (args[0] === 'touchstart') watch.idleArmed += 1;
      return listen.apply(this, args);
    } as typeof listen;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'));
      const preloaded = links.some((link) => link.href === url) && !watch.fetches.some((entry) => entry.url === url);
      watch.fetches.push({ url, at: Date.now(), preloaded });
      return original(input, init);
    };
    window.addEventListener('unhandledrejection', (event) => {
      const reason: unknown = event.reason;
      watch.rejections.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
    });
    // A unit is a notification of the notification area, or a live region of its own (an inline
    // error, a resend's status line). A unit is recorded when it becomes visible with a text, or
    // its text changes.
    const last = new WeakMap<Element, string>();
    const record = () => {
      for (const region of Array.from(document.querySelectorAll('[role="alert"], [role="status"]'))) {
        const role = region.getAttribute('role') ?? '';
        const items = Array.from(region.querySelectorAll(':scope > .notification-area__item'));
        for (const unit of items.length > 0 ? items : [region]) {
          const text = unit.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (!text || !unit.checkVisibility()) {
            last.delete(unit);
            continue;
          }
          if (last.get(unit) === text) continue;
          last.set(unit, text);
          watch.shown.push({ role, text });
        }
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Where the page's records stand now: what a case compares against afterwards. */
export interface WatchMark {
  readonly fetches: number;
  readonly rejections: number;
  readonly shown: number;
}

export async function markWatch(page: Page): Promise<WatchMark> {
  return page.evaluate(() => ({
    fetches: window.__watch?.fetches.length ?? 0,
    rejections: window.__watch?.rejections.length ?? 0,
    shown: window.__watch?.shown.length ?? 0,
  }));
}

/** Messages that appeared since the mark (all of them after a new document was loaded). */
export async function shownSince(page: Page, mark: WatchMark | null): Promise<{ role: string; text: string }[]> {
  return page.evaluate((from) => (window.__watch?.shown ?? []).slice(from), mark?.shown ?? 0);
}

export async function rejectionsSince(page: Page, mark: WatchMark | null): Promise<string[]> {
  return page.evaluate((from) => (window.__watch?.rejections ?? []).slice(from), mark?.rejections ?? 0);
}

/**
 * Which document the page shows, and how many requests its fetches have sent (a fetch a preload
 * answered sent none): to wait for their events.
 */
export async function fetchMark(page: Page): Promise<{ document: string; fetches: number }> {
  return page.evaluate(() => ({ document: window.__watch?.document ?? '', fetches: window.__watch?.sent().length ?? 0 }));
}

/** When the page sent its last request to an address matching the pattern (its own clock), or null. */
export async function lastSentAt(page: Page, pattern: RegExp): Promise<number | null> {
  return page.evaluate(
    ({ source, flags }) => {
      const test = new RegExp(source, flags);
      const found = (window.__watch?.fetches ?? []).filter((entry) => test.test(entry.url)).at(-1);
      return found ? found.at : null;
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

/** Session storage, local storage and cookies, as the page sees them. */
export interface StorageState {
  readonly session: Record<string, string>;
  readonly local: Record<string, string>;
  readonly cookies: Record<string, string>;
}

export async function storageOf(page: Page): Promise<StorageState> {
  return page.evaluate(() => {
    const all = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key) ?? '']));
    const cookies = Object.fromEntries(
      document.cookie
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const at = part.indexOf('=');
          return at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
        }),
    );
    return { session: all(window.sessionStorage), local: all(window.localStorage), cookies };
  });
}

/**
 * What was written between two states: keys added or changed (removals are no writes). Cookies
 * that switch the mock gateway's scenarios (`mock…`, set by the tests) and the gateway's anti-forgery
 * token are not the portal's writes.
 */
export function writesBetween(before: StorageState, after: StorageState, allowed: readonly string[] = []): string[] {
  const writes: string[] = [];
  const compare = (area: string, from: Record<string, string>, to: Record<string, string>) => {
    for (const [key, value] of Object.entries(to)) {
      if (from[key] === value || allowed.includes(key)) continue;
      if (area === 'cookie' && (/^mock/.test(key) || key === 'XSRF-TOKEN')) continue;
      writes.push(`${area} ${key}=${value.slice(0, 40)}`);
    }
  };
  compare('sessionStorage', before.session, after.session);
  compare('localStorage', before.local, after.local);
  compare('cookie', before.cookies, after.cookies);
  return writes;
}
