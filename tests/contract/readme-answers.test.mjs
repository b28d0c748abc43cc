// @vitest-environment node
// The README's list of how each operation answers (wrapped in data, errors only, bare, no body)
// is the contract's: written from the bundle by npm run readme:answers, and checked here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, START, renderAnswers, withAnswers } from '../../scripts/readme-answers.mjs';
import { bundle, operations, root } from './contract-helpers.mjs';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const listed = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);

describe("the README's list of answers", () => {
  it('is the one the contract gives (npm run readme:answers writes it)', () => {
    expect(withAnswers(readme, renderAnswers(bundle))).toBe(readme);
  });

  it('names every operation once', () => {
    const items = listed.replace(/\*\*[^*]+\*\*/g, '');
    const names = [...items.matchAll(/`([a-z][A-Za-z]+)`/g)].map((match) => match[1]);
    expect(names.sort()).toEqual(
      operations()
        .map((entry) => entry.operation.operationId)
        .sort(),
    );
  });

  it('tells a changed contract apart', () => {
    const changed = structuredClone(bundle);
    changed.paths['/login-gateway/api/validateSession'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/OperationResult',
    };
    expect(withAnswers(readme, renderAnswers(changed))).not.toBe(readme);
  });
});
