import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Figures {
  tried: number;
  failedSafe: number;
  problems: number;
}

/**
 * Adds up the hostile suites' figures (tried, failed safe, problems) and prints them as a table,
 * then names every test that did not pass with the first lines of its error: the last lines of a
 * run (all a CI log may keep) say what failed, not only that something did.
 */
export default class FiguresReporter implements Reporter {
  private readonly figures = new Map<string, Figures>();
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped' && test.expectedStatus !== result.status) {
      const message = (result.error?.message ?? result.status)
        // eslint-disable-next-line no-control-regex -- strips terminal colour codes
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => line.trim())
        .slice(0, 12)
        .map((line) => `    ${line.slice(0, 300)}`);
      this.failures.push(`${test.titlePath().filter(Boolean).join(' › ')} (${result.status}):`, ...message);
    }
    // Annotations added while a test runs: on the result in recent versions, on the test before.
    const annotations = 'annotations' in result && Array.isArray(result.annotations) ? result.annotations : test.annotations;
    for (const annotation of annotations) {
      if (annotation.type !== 'hostile' || !annotation.description) continue;
      const { suite, tried, failedSafe, problems } = JSON.parse(annotation.description) as Figures & { suite: string };
      const total = this.figures.get(suite) ?? { tried: 0, failedSafe: 0, problems: 0 };
      this.figures.set(suite, {
        tried: total.tried + tried,
        failedSafe: total.failedSafe + failedSafe,
        problems: total.problems + problems,
      });
    }
  }

  onEnd(): void {
    if (this.figures.size > 0) this.printFigures();
    if (this.failures.length > 0) console.log(['not passed:', ...this.failures.map((line) => `  ${line}`), ''].join('\n'));
  }

  private printFigures(): void {
    const rows = [...this.figures].map(
      ([suite, f]) =>
        `| ${suite.padEnd(14)} | ${String(f.tried).padStart(6)} | ${String(f.failedSafe).padStart(11)} | ${String(f.problems).padStart(8)} |`,
    );
    console.log(
      [
        '',
        '| suite          |  tried | failed safe | problems |',
        '|----------------|-------:|------------:|---------:|',
        ...rows,
        '',
      ].join('\n'),
    );
  }
}
