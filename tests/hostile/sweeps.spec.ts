import { expect, standInDashboards, test } from '../support/fixtures';
import { FULL, report } from './hostile-support';
import { JOURNEYS } from './journeys';
import { EXPECTED_CONSOLE, Walker } from './walker';

/*
 * The whole matrix's double-submit and storage sweep (`npm run test:hostile`; the sample in
 * `npm test` does the same along its fault walks, in faults.spec.ts): every journey of
 * journeys.ts walked without faults, twice, once with every button that calls the gateway
 * double-clicked and once with Enter pressed twice in its form. Each action must send exactly
 * the calls the table lists, once each (so the table is the screens' truth, and a second press
 * sends nothing). After every action nothing secret the journey typed (passwords, codes,
 * answers, link tokens) is in session or local storage, a cookie, the address or the console.
 */

test.use({ trace: 'off' });

test.beforeEach(async ({ page, guards }) => {
  guards.allowConsoleErrors(EXPECTED_CONSOLE);
  await standInDashboards(page);
});

if (FULL) {
  for (const journey of JOURNEYS) {
    for (const way of ['double', 'enter'] as const) {
      test(`pressed twice (${way === 'double' ? 'double click' : 'Enter twice'}), nothing secret left: ${journey.name}`, async ({
        page,
        context,
        baseURL,
      }, testInfo) => {
        test.setTimeout(120_000);
        const walker = new Walker(page, context, baseURL!);
        await walker.init();
        const problems: string[] = [];
        const secrets: string[] = [];
        const marks = walker.marks();
        let pressed = 0;
        await walker.begin(journey);
        for (const action of journey.actions) {
          if (action.press && action.calls.length > 0) pressed += 1;
          problems.push(...(await walker.perform(action, way)));
          secrets.push(...(action.secrets ?? []));
          problems.push(...(await walker.secretsLeft(secrets)).map((line) => `after ${action.name}: ${line}`));
        }
        problems.push(...walker.errorsSince(marks.page, marks.console));
        report(testInfo, 'double submit', pressed, problems.length);
        expect(problems).toEqual([]);
      });
    }
  }
}
