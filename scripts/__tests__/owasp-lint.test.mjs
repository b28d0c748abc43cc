// @vitest-environment node
// The OWASP stage's own reading of the README: which findings its table accepts, and what
// differs from Spectral's findings (the stage runs Spectral itself, in `npm test`).
import { describe, expect, it } from 'vitest';
import { README_SECTION, differences, listedFindings, locationOf } from '../owasp-lint.mjs';

const README = `# Title

## For gateway teams

${README_SECTION}

Text that names \`owasp:api9:2023-inventory-access\` in passing.

| rule | where | why |
| ---- | ----- | --- |
| \`owasp:api4:2023-string-restricted\` | \`#/components/schemas/A\`, \`#/components/schemas/B/properties/c\` | Free text. |
| \`owasp:api8:2023-define-error-validation\` | \`#/paths/~1x~1{id}/get/responses\` | No input. |

## Production

| \`owasp:api2:2023-read-restricted\` | \`#/paths/~1elsewhere\` | Outside the section. |
`;

describe('lint:owasp', () => {
  it('writes a finding’s place as a JSON pointer into the bundle', () => {
    expect(locationOf(['paths', '/login-gateway/user/{userId}/contact', 'get', 'responses'])).toBe(
      '#/paths/~1login-gateway~1user~1{userId}~1contact/get/responses',
    );
    expect(locationOf(['components', 'parameters', 'XsrfToken', 'schema'])).toBe('#/components/parameters/XsrfToken/schema');
    expect(locationOf(['paths', '/a~b', 'post', 'parameters', 1])).toBe('#/paths/~1a~0b/post/parameters/1');
  });

  it("reads the rows of the section's table, and nothing outside it", () => {
    expect([...listedFindings(README)].sort()).toEqual([
      'owasp:api4:2023-string-restricted #/components/schemas/A',
      'owasp:api4:2023-string-restricted #/components/schemas/B/properties/c',
      'owasp:api8:2023-define-error-validation #/paths/~1x~1{id}/get/responses',
    ]);
  });

  it('refuses a README without the section', () => {
    expect(() => listedFindings('# Title\n\nNo list here.\n')).toThrow(/no section/);
  });

  it('names a finding the README does not list, and a listed one that is gone', () => {
    const listed = listedFindings(README);
    const found = new Set([
      'owasp:api4:2023-string-restricted #/components/schemas/A',
      'owasp:api4:2023-string-restricted #/components/schemas/B/properties/c',
      'owasp:api4:2023-string-restricted #/components/schemas/New',
    ]);
    expect(differences(found, listed)).toEqual({
      unlisted: ['owasp:api4:2023-string-restricted #/components/schemas/New'],
      gone: ['owasp:api8:2023-define-error-validation #/paths/~1x~1{id}/get/responses'],
    });
    expect(differences(listed, listed)).toEqual({ unlisted: [], gone: [] });
  });
});
