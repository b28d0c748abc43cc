import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Figures {
  tried: number;
  failedSafe: number;
  problems: number;
}

/** Adds up the hostile suites' figures (tried, failed safe, problems) and prints them as a table. */
export default class FiguresReporter implements Reporter {
  private readonly figures = new Map<string, Figures>();

  onTestEnd(test: TestCase, result: TestResult): void {
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
    if (this.figures.size === 0) return;
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
