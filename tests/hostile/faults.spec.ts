import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, standInDashboards, test } from '../support/fixtures';
import { FAULTS, FULL, report, type Fault } from './hostile-support';
import { JOURNEYS, type Action, type CallSite, type Journey } from './journeys';
import { endsSession, EXPECTED_CONSOLE, OPERATIONS, Walker } from './walker';

/*
 * Every gateway call of every journey (journeys.ts), failing in each fault kind: HTTP 401, 403,
 * 440, 500 and 503, an aborted request, no answer before the client's deadline, an HTML page
 * sent as JSON, truncated JSON, `null`, `[]`, wrong types and a 5 MB body. Each case asserts the
 * call's message and way forward (journeys.ts), and, the same for every call: a signed-in call
 * refused with 401, 403 or 440 ends the session on the sign-in form; never a white screen, a
 * page error, an unhandled rejection or an unexpected console error; the way forward usable;
 * still in the portal (no dashboard reached with what failed); nothing written to storage.
 *
 * `npm test` runs each journey once, each call failing in one kind (the kinds in turn, so every
 * kind is tried), taking the way forward after each failure; `npm run test:hostile` runs every
 * call in every kind.
 */

interface Site {
  readonly journey: Journey;
  readonly index: number;
  readonly action: Action;
  readonly site: CallSite;
}

const SITES: readonly Site[] = JOURNEYS.flatMap((journey) =>
  journey.actions.flatMap((action, index) =>
    action.calls.filter((site) => site.fault !== false).map((site): Site => ({ journey, index, action, site })),
  ),
);

/**
 * The sample's fault kind for each site: the kinds in turn, over the sites in the table's order.
 * A session ended deeper than a journey's first steps would mean walking the journey again: there
 * the sample takes the kind three places on (never 401, 403 or 440), and leaves ending sessions to
 * the sites near the start.
 */
const SAMPLE = new Map<CallSite, Fault>(
  SITES.map(({ site, index }, turn) => {
    const fault = FAULTS[turn % FAULTS.length]!;
    return [site, index > 1 && endsSession(site, fault) ? FAULTS[(turn + 3) % FAULTS.length]! : fault];
  }),
);

/** Every operation the portal's code calls through a generated hook or query function. */
function calledOperations(): Set<string> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== '__tests__' && entry.name !== 'testing') walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(join(import.meta.dirname, '../../src'));
  const ids = new Set(OPERATIONS.map((operation) => operation.operationId));
  const called = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'[./]*generated\/hooks\/[^']+'/g)) {
      for (const name of match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!)) {
        const bare = name.replace(/^use/, '').replace(/^get(.+)(Query|Mutation)(Options|Key)$/, '$1');
        const id = bare.charAt(0).toLowerCase() + bare.slice(1);
        if (ids.has(id)) called.add(id);
        else if (name) throw new Error(`${file}: ${name} names no operation`);
      }
    }
  }
  return called;
}

test('the matrix covers every gateway call the portal makes', () => {
  const called = calledOperations();
  // A sanity check of the scan itself: the sign-in call is certainly among them.
  expect(called).toContain('authenticate');
  const faulted = new Set(SITES.map((entry) => entry.site.op));
  expect([...called].filter((op) => !faulted.has(op)).sort(), 'calls of the portal no journey fails').toEqual([]);
  const known = new Set(OPERATIONS.map((operation) => operation.operationId));
  expect(
    JOURNEYS.flatMap((journey) => journey.actions.flatMap((action) => action.calls.map((call) => call.op))).filter((op) => !known.has(op)),
    'calls in the table that the contract does not have',
  ).toEqual([]);
  // Every fault kind is tried in the sample too.
  expect(new Set(SAMPLE.values()).size).toBe(FAULTS.length);
  // And a signed-in call refused with each of 401, 403 and 440.
  expect(
    SITES.filter(({ site }) => endsSession(site, SAMPLE.get(site)!))
      .map(({ site }) => SAMPLE.get(site))
      .sort(),
  ).toEqual(expect.arrayContaining(['401', '403', '440']));
});

// Every case is judged by its own checks, which say what went wrong: no trace to record.
test.use({ trace: 'off' });

test.beforeEach(async ({ page, guards }) => {
  // The browser reports failed loads on the console itself; the walker counts any other error.
  guards.allowConsoleErrors(EXPECTED_CONSOLE);
  await standInDashboards(page);
});

/** The way forward that sends the call again, from where the failure left the user. */
function again(walker: Walker, journey: Journey, index: number, site: CallSite): () => Promise<void> {
  const action = journey.actions[index]!;
  if (typeof site.again === 'function') {
    const step = site.again;
    return () => step(walker.page);
  }
  return () => walker.act(action);
}

if (!FULL) {
  for (const journey of JOURNEYS) {
    test(`faults, double presses and secrets: ${journey.name}`, async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const walker = new Walker(page, context, baseURL!);
      await walker.init();
      const faultProblems: string[] = [];
      const pressProblems: string[] = [];
      const secrets: string[] = [];
      let tried = 0;
      let pressed = 0;
      await walker.begin(journey);
      for (const [index, action] of journey.actions.entries()) {
        let trigger = () => walker.act(action);
        let restart = false;
        let last: CallSite | null = null;
        /** The calls an earlier try of the action got through, which it does not send again. */
        let passed = new Set<CallSite>();
        for (const site of action.calls.filter((call) => call.fault !== false)) {
          if (restart) {
            await walker.reach(journey, index);
            trigger = () => walker.act(action);
          }
          const fault = SAMPLE.get(site)!;
          const result = await walker.fault(action, site, fault, trigger);
          tried += 1;
          faultProblems.push(...result.problems.map((line) => `${action.name} / ${site.op} / ${fault}: ${line}`));
          restart = result.restart;
          passed = restart ? new Set() : new Set(action.calls.slice(0, action.calls.indexOf(site)).filter((call) => call.once));
          trigger = again(walker, journey, index, site);
          last = site;
        }
        // The way forward, once the gateway answers again, goes on with the journey: its button
        // pressed twice (a double click, or Enter twice, in turn along the journey).
        if (restart) await walker.reach(journey, index);
        if (!restart && last && typeof last.again === 'function') {
          await last.again(page);
          await action.then(page);
        } else {
          if (action.press && action.calls.length > 0) pressed += 1;
          pressProblems.push(...(await walker.perform(action, index % 2 === 0 ? 'double' : 'enter', passed)));
        }
        secrets.push(...(action.secrets ?? []));
        pressProblems.push(...(await walker.secretsLeft(secrets)).map((line) => `after ${action.name}: ${line}`));
      }
      report(testInfo, 'faults', tried, faultProblems.length);
      report(testInfo, 'double submit', pressed, pressProblems.length);
      expect([...faultProblems, ...pressProblems]).toEqual([]);
    });
  }
} else {
  for (const { journey, index, action, site } of SITES) {
    const nth = action.calls.filter((call) => call.op === site.op && call.fault !== false).indexOf(site);
    test(`faults: ${journey.name} / ${action.name} / ${site.op}${nth > 0 ? ` (${nth + 1})` : ''}`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(10 * 60_000);
      const walker = new Walker(page, context, baseURL!);
      await walker.init();
      const problems: string[] = [];
      await walker.reach(journey, index);
      let trigger = () => walker.act(action);
      let restart = false;
      for (const fault of FAULTS) {
        if (restart) {
          await walker.reach(journey, index);
          trigger = () => walker.act(action);
        }
        const result = await walker.fault(action, site, fault, trigger);
        problems.push(...result.problems.map((line) => `${fault}: ${line}`));
        restart = result.restart;
        trigger = again(walker, journey, index, site);
      }
      // After every kind, the way forward still gets the user through once the gateway answers.
      if (restart) {
        await walker.reach(journey, index);
        await walker.act(action);
      } else {
        await trigger();
      }
      await action.then(page);
      report(testInfo, 'faults', FAULTS.length, new Set(problems.map((line) => line.split(':')[0])).size);
      expect(problems).toEqual([]);
    });
  }
}
