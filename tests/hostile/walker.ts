import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { findOperation, pathPattern } from '@signin-portal/verify-gateway/operation-matcher';
import { operations } from '../../src/lib/api/operations';
import { developmentConfig } from '../../scripts/portal-config.mjs';
import { isGatewayPath } from '../../scripts/ports.mjs';
import { expect, pauseClock } from '../support/fixtures';
import { addVirtualAuthenticator, PASSKEY_ORIGIN } from '../support/passkeys';
import { mintSession } from '../support/session';
import { answerWithFault, type Fault } from './hostile-support';
import type { Action, CallSite, FailureCheck, Journey, SeededSession } from './journeys';
import { onSignInForm } from './journeys';
import {
  fetchMark,
  lastSentAt,
  markWatch,
  rejectionsSince,
  shownSince,
  storageOf,
  watchPage,
  writesBetween,
  type WatchMark,
} from './page-watch';

/*
 * Walks the journeys of journeys.ts in a page: from a clean tab, action by action, with one call
 * failing in one fault kind at a time, or with every button pressed twice. What the page does is
 * judged here, the same way for every call of every flow.
 */

export const OPERATIONS = operations;

/**
 * The deadline of one gateway call in the page under test: the development configuration's,
 * which the run's server writes into the page (PORTAL_API_TIMEOUT_MS moves it). The page's clock
 * is the test's, so its length costs no time.
 */
export const DEADLINE_MS = developmentConfig().apiTimeoutMs as number;

/** Calls the portal makes by itself (session checks, keep-alives, public content, the activity log). */
const BACKGROUND = new Set([
  'validateSession',
  'getPublicBranding',
  'getAnnouncements',
  'keepAlive',
  'getLastAccessed',
  'logParticipantActivity',
  'logPartnerActivity',
  // The passkey autofill's ceremony (this contract's extension), begun when the sign-in form shows.
  'startPasskeySignIn',
]);

/** What the browser itself reports on the console for a failed load: expected in these suites. */
export const EXPECTED_CONSOLE = /Failed to load resource|net::ERR_FAILED/;

export function operationOf(request: Request) {
  const url = new URL(request.url());
  return findOperation(OPERATIONS, request.method(), url.pathname);
}

/** The operation's path as a pattern on a request's address, for the page's record of its fetches. */
function addressPattern(op: string): RegExp {
  const operation = OPERATIONS.find((candidate) => candidate.operationId === op);
  if (!operation) throw new Error(`${op} is not in the contract`);
  return new RegExp(`^[^?#]*?${pathPattern(operation.path).source.slice(1, -1)}(\\?|$)`);
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 2)
      .join(' | ')
      // The terminal's colour codes in Playwright's messages.
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .slice(0, 300)
  );
}

/** Whether a fault of this kind on this call ends the session: the spec's 401, 403 and 440 on a signed-in call. */
export function endsSession(site: CallSite, fault: Fault): boolean {
  const operation = OPERATIONS.find((candidate) => candidate.operationId === site.op);
  // A log call's own failure is never acted on.
  const logCall = site.op === 'logParticipantActivity' || site.op === 'logPartnerActivity';
  return operation?.security === 'token' && !logCall && (fault === '401' || fault === '403' || fault === '440');
}

interface Armed {
  readonly site: CallSite;
  readonly fault: Fault;
  matching: number;
  hits: number;
}

export interface CaseResult {
  readonly problems: string[];
  /** The way forward is the journey's start: the session ended, or the site says so, or the case went wrong. */
  readonly restart: boolean;
}

export class Walker {
  private armed: Armed | null = null;
  private held: { op: string; gate: Promise<void>; release: () => void; seen: number } | null = null;
  private readonly requests: { op: string | undefined; request: Request }[] = [];
  private readonly consoleErrors: string[] = [];
  private readonly consoleAll: string[] = [];
  private readonly pageErrors: string[] = [];
  /** The origin of the journey walked now: the run's, or localhost for a journey with passkeys. */
  private origin: string;
  private readonly baseOrigin: string;
  /** The page's virtual authenticator, added the first time a journey asks for one. */
  private authenticator: Promise<unknown> | null = null;

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    baseURL: string,
  ) {
    this.origin = new URL(baseURL).origin;
    this.baseOrigin = this.origin;
  }

  async init(): Promise<void> {
    const { page } = this;
    await watchPage(page);
    await page.clock.install();
    page.on('console', (message) => {
      this.consoleAll.push(message.text());
      if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === this.origin && isGatewayPath(url.pathname)) this.requests.push({ op: operationOf(request)?.operationId, request });
    });
    // A blank page of the portal's origin, to clear its storage between journeys.
    await page.route(
      (url) => url.origin === this.origin && url.pathname === '/__hostile/blank',
      (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title><main>blank</main>' }),
    );
    await page.route(
      (url) => url.origin === this.origin && isGatewayPath(url.pathname),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route): Promise<void> {
    const request = route.request();
    const op = operationOf(request)?.operationId;
    const armed = this.armed;
    if (armed && op === armed.site.op && (!armed.site.when || armed.site.when(request))) {
      armed.matching += 1;
      if (armed.matching >= (armed.site.nth ?? 1)) {
        armed.hits += 1;
        return answerWithFault(route, armed.fault);
      }
    }
    const held = this.held;
    if (held && op === held.op) {
      held.seen += 1;
      await held.gate;
    }
    return route.fallback();
  }

  /** A clean tab: no storage, no cookies, no memory of an earlier journey; then the journey's own start. */
  async begin(journey: Journey): Promise<void> {
    const { page, context } = this;
    // Passkeys need a host name: browsers refuse an IP address as a passkey's RP ID.
    this.origin = journey.origin === 'localhost' ? PASSKEY_ORIGIN : this.baseOrigin;
    await page.goto(`${this.origin}/__hostile/blank`);
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });
    await context.clearCookies();
    await journey.start?.({
      page,
      context,
      seedSession: async (session = {}) =>
        page.evaluate(
          (values) => {
            window.sessionStorage.setItem('userId', values.userId);
            window.sessionStorage.setItem('username', values.username);
            window.sessionStorage.setItem('token', values.token);
            window.sessionStorage.setItem('role', values.role);
            window.sessionStorage.setItem('site', values.role.replace(/^ROLE_/, '').toLowerCase());
            window.sessionStorage.setItem('showAlerts', 'true');
            document.cookie = `authToken=${encodeURIComponent(values.token)}; path=/; SameSite=Strict`;
          },
          // A session the gateway minted (as the username's sign-in), given values in its place.
          { ...(session.token === undefined ? await mintSession(session.username) : {}), ...session } as SeededSession,
        ),
      mockCookie: (name, value) => context.addCookies([{ name, value, url: this.origin }]),
      // One authenticator for the page, whichever journey asks first: the next journeys sign in
      // as other users, so what it holds of an earlier one is in nobody's way.
      authenticator: async () => {
        this.authenticator ??= addVirtualAuthenticator(page);
        await this.authenticator;
      },
    });
  }

  /** The journey from its start up to (not including) action `index`, without faults. */
  async reach(journey: Journey, index: number): Promise<void> {
    await this.begin(journey);
    for (const action of journey.actions.slice(0, index)) await this.perform(action);
  }

  /** Presses the action's button (or does what sends its calls) once. */
  async act(action: Action): Promise<void> {
    await action.prepare?.(this.page);
    if (action.press) await action.press(this.page).click();
    else if (action.go) await action.go(this.page);
  }

  /**
   * Performs an action without faults and checks what it sent: exactly its calls (the table's
   * claim), but for those `passed` (an earlier try got them through). `double` presses its button with a double click, `enter` presses Enter twice in its
   * form; either way the first call is held until both presses have landed.
   */
  async perform(action: Action, how: 'click' | 'double' | 'enter' = 'click', passed: ReadonlySet<CallSite> = new Set()): Promise<string[]> {
    const { page } = this;
    const from = this.requests.length;
    const start = await fetchMark(page);
    const problems: string[] = [];
    // What an earlier try of the action got through, and it does not send again (CallSite.once).
    const calls = action.calls.filter((call) => !passed.has(call));
    const twice = how !== 'click' && action.press && calls.length > 0;
    if (!twice) {
      await this.act(action);
    } else {
      await action.prepare?.(page);
      const first = calls[0]!.op;
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      this.held = { op: first, gate, release, seen: 0 };
      try {
        if (how === 'double') await action.press!(page).dblclick();
        else {
          await (action.enter ?? action.press!)(page).focus();
          await page.keyboard.press('Enter');
          await page.keyboard.press('Enter');
        }
        // Both presses have been handled once the first request is out and the page has run
        // the tasks queued behind them.
        await expect
          .poll(() => this.held?.seen ?? 0, { message: `${action.name}: its first call (${first}) was not sent` })
          .toBeGreaterThan(0);
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      } finally {
        this.held?.release();
        this.held = null;
      }
    }
    await action.then(page);
    await this.heard(start, from);
    const listed = calls.map((call) => call.op);
    // A listed call may leave the page after the screen it leads to (an activity-log entry is
    // written after the failure is shown): wait for each before judging, so a busy machine's
    // later request is not taken for a missing one. A call never sent still fails below.
    const sentOps = () => this.requests.slice(from).map((entry) => entry.op ?? `unknown ${entry.request.url()}`);
    await expect
      .poll(() => listed.filter((op) => !sentOps().includes(op)), { message: `${action.name}: its calls` })
      .toEqual([])
      .catch(() => undefined);
    const sent = sentOps();
    // The portal's own background calls count only where the action lists them; a call it
    // repeats by itself (a poll) counts once however often it went.
    const repeating = new Set(calls.filter((call) => call.repeats).map((call) => call.op));
    const own = sent.filter((op) => !BACKGROUND.has(op) || listed.includes(op));
    const counted = (ops: string[]) =>
      ops
        .filter((op, at) => !repeating.has(op) || ops.indexOf(op) === at)
        .sort()
        .join(', ');
    if (counted(own) !== counted(listed)) {
      problems.push(`${action.name}${twice ? ` (${how})` : ''}: sent [${own.join(', ')}], expected [${listed.join(', ')}]`);
    }
    return problems;
  }

  /**
   * Waits until the test has heard of every request the page sent since `start` (when it still
   * shows the same document): a request's event reaches the test a moment after the page sent it,
   * possibly after the screen it led to.
   */
  private async heard(start: { document: string; fetches: number }, from: number): Promise<void> {
    const end = await fetchMark(this.page).catch(() => null);
    if (!end || end.document !== start.document) return;
    try {
      await expect.poll(() => this.requests.length - from).toBeGreaterThanOrEqual(end.fetches - start.fetches);
    } catch {
      // Say which: the addresses the page fetched that no request event named.
      const unheard = (await this.page.evaluate(() => window.__watch.sent())).slice(start.fetches);
      for (const entry of this.requests.slice(from)) {
        const at = unheard.indexOf(entry.request.url());
        if (at >= 0) unheard.splice(at, 1);
      }
      throw new Error(`the page sent requests the test never heard of: ${unheard.join(', ')}`);
    }
  }

  /** Fails one call in one fault kind, does what sends it, and judges what the page does. */
  async fault(action: Action, site: CallSite, fault: Fault, trigger: () => Promise<void>): Promise<CaseResult> {
    const { page } = this;
    const problems: string[] = [];
    const ending = endsSession(site, fault);
    const before = await storageOf(page);
    const mark = await markWatch(page);
    const consoleFrom = this.consoleErrors.length;
    const errorsFrom = this.pageErrors.length;
    const armed: Armed = { site, fault, matching: 0, hits: 0 };
    const from = this.requests.length;
    const start = await fetchMark(page);
    this.armed = armed;
    try {
      await trigger();
      await expect.poll(() => armed.hits, { message: `${site.op} was not sent` }).toBeGreaterThan(0);
      if (fault === 'timeout') await this.passDeadlines(site, armed, mark);
      if (ending) {
        // The session is over: the sign-in form, nothing of the session left.
        await onSignInForm(page);
        await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
        expect((await storageOf(page)).cookies.authToken).toBeUndefined();
      } else {
        const check: FailureCheck = {
          page,
          fault,
          shown: (text, role = 'alert') =>
            expect
              .poll(async () => (await shownSince(page, mark)).filter((seen) => seen.role === role).map((seen) => seen.text), {
                message: `a ${role} saying ${String(text)}`,
              })
              .toEqual(expect.arrayContaining([typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text)])),
        };
        await (site.failed ?? (() => Promise.resolve()))(check);
        const control = site.button === undefined ? (action.usable ?? action.press) : site.button;
        if (control) await expect(control(page), 'the way forward is usable').toBeEnabled();
      }
      // Never a white screen, never forward to a dashboard with what failed.
      await expect
        .poll(async () => (await page.locator('main').innerText()).trim().length, { message: 'a white screen' })
        .toBeGreaterThan(0);
      const url = new URL(page.url());
      expect(`${url.origin}${url.pathname}`, 'still in the portal').toBe(`${this.origin}/`);
      const writes = writesBetween(before, await storageOf(page), site.mayWrite);
      if (writes.length > 0) problems.push(`written after the failure: ${writes.join(', ')}`);
    } catch (error) {
      problems.push(firstLine(error));
    } finally {
      this.armed = null;
    }
    const rejections = await rejectionsSince(page, mark).catch(() => []);
    problems.push(...rejections.map((reason) => `unhandled rejection: ${reason}`));
    problems.push(...this.pageErrors.slice(errorsFrom).map((message) => `page error: ${message}`));
    problems.push(...this.consoleErrors.slice(consoleFrom).map((message) => `console.error: ${message.slice(0, 200)}`));
    // A clock held for a timeout flows again before the next case, which hears of this case's
    // requests before it begins.
    if (fault === 'timeout') await page.clock.resume().catch(() => undefined);
    await this.heard(start, from).catch((error: unknown) => problems.push(firstLine(error)));
    // A failure that wrote what it may (a landing address saved on the way) has changed the journey:
    // it starts again.
    return { problems, restart: ending || site.again === 'restart' || (site.mayWrite ?? []).length > 0 || problems.length > 0 };
  }

  /**
   * A call that is never answered: progress shows, nothing is said before the client's deadline
   * (counted from the request that starts it), and the message comes once the deadline has
   * passed. Calls the client retries go through a deadline each.
   */
  private async passDeadlines(site: CallSite, armed: Armed, mark: WatchMark): Promise<void> {
    const { page } = this;
    const progress = page.locator('[aria-busy="true"], [role="progressbar"]').first();
    const from = site.deadlineFrom ?? addressPattern(site.op);
    for (let attempt = 1; ; attempt += 1) {
      await pauseClock(page);
      const sentAt = attempt === 1 ? await lastSentAt(page, from) : await lastSentAt(page, addressPattern(site.op));
      if (sentAt === null) throw new Error('the page has no record of sending the call');
      // One second short of the deadline (the deadline's timer is set a moment before the request
      // goes, in the same task): still waiting, and saying nothing yet.
      const now = await page.evaluate(() => Date.now());
      const early = sentAt + DEADLINE_MS - 1000 - now;
      if (early < 0) throw new Error(`the page's clock passed the deadline before the test could look (${-early} ms late)`);
      await page.clock.runFor(early);
      // A call the screen waits for shows progress and says nothing yet. (Nobody waits for a
      // background call: what the screen says meanwhile is about something else.)
      if (site.progress !== false) {
        await expect(progress, 'progress while the call is waited for').toBeVisible();
        expect(await shownSince(page, mark), 'nothing said before the deadline').toEqual([]);
      }
      await page.clock.runFor(1000);
      await page.clock.resume();
      if (attempt >= (site.attempts ?? 1)) return;
      // The client tries a query again (after its back-off, on the flowing clock).
      const hits = armed.hits;
      await expect.poll(() => armed.hits, { message: `${site.op} was not tried again`, timeout: 15_000 }).toBeGreaterThan(hits);
    }
  }

  /** Where a secret the journey typed turned up: storage, cookies, the address or the console. */
  async secretsLeft(secrets: readonly string[]): Promise<string[]> {
    const { page } = this;
    const storage = await storageOf(page);
    const places: [string, string][] = [
      ['the address', page.url()],
      ['the console', this.consoleAll.join('\n')],
      ...Object.entries(storage.session).map(([key, value]): [string, string] => [`session storage ${key}`, `${key}=${value}`]),
      ...Object.entries(storage.local).map(([key, value]): [string, string] => [`local storage ${key}`, `${key}=${value}`]),
      ...(await this.context.cookies()).map((cookie): [string, string] => [`cookie ${cookie.name}`, `${cookie.name}=${cookie.value}`]),
    ];
    const found: string[] = [];
    for (const secret of new Set(secrets)) {
      const forms = [secret, encodeURIComponent(secret)];
      for (const [place, text] of places)
        if (forms.some((form) => text.includes(form))) found.push(`${JSON.stringify(secret)} in ${place}`);
    }
    return found;
  }

  /** Requests sent so far, for a count. */
  sentCount(): number {
    return this.requests.length;
  }

  /** Everything the console printed, for the secrets check. */
  consoleText(): string {
    return this.consoleAll.join('\n');
  }

  /** Page errors and console errors since the start, for the walks without faults. */
  errorsSince(page: number, console: number): string[] {
    return [
      ...this.pageErrors.slice(page).map((message) => `page error: ${message}`),
      ...this.consoleErrors.slice(console).map((message) => `console.error: ${message.slice(0, 200)}`),
    ];
  }

  marks(): { page: number; console: number } {
    return { page: this.pageErrors.length, console: this.consoleErrors.length };
  }
}
