// @vitest-environment node
// The breaking-change check: what counts as breaking, the version rule, and the git plumbing
// (a ref that is not there is skipped, not failed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffContracts, versionProblems } from '../contract-diff.mjs';

const root = resolve(import.meta.dirname, '..', '..');

/** A small contract: one public lookup with a request body and a JSON answer. */
function contract({ version = '1.0.0', request = {}, response = {}, extraPaths = {}, parameters = [] } = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 't', version },
    paths: {
      '/lookup': {
        post: {
          operationId: 'lookup',
          security: [],
          parameters,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 16 }, ...request } },
              },
            },
          },
          responses: {
            200: {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'string' }, role: { $ref: '#/components/schemas/Role' }, ...response },
                  },
                },
              },
            },
          },
        },
      },
      ...extraPaths,
    },
    components: { schemas: { Role: { type: 'string', enum: ['ROLE_A', 'ROLE_B'] } } },
  };
}

const whats = (before, after) => diffContracts(before, after).breaking.map((change) => change.what);

describe('diffContracts', () => {
  it('finds nothing between a contract and itself', () => {
    expect(diffContracts(contract(), contract())).toEqual({ breaking: [], additions: [] });
  });

  it('reports a removed operation, and an added one as an addition', () => {
    const before = contract({ extraPaths: { '/old': { get: { operationId: 'old', responses: { 204: { description: 'x' } } } } } });
    const after = contract({ extraPaths: { '/new': { get: { operationId: 'new', responses: { 204: { description: 'x' } } } } } });
    const { breaking, additions } = diffContracts(before, after);
    expect(breaking).toEqual([{ where: 'GET /old', what: 'operation removed (old)' }]);
    expect(additions).toEqual([{ where: 'GET /new', what: 'operation added' }]);
  });

  it('reports a narrowed request type, length and enum, and a new required request field', () => {
    const before = contract({ request: { age: { type: ['integer', 'string'] }, kind: { type: 'string', enum: ['a', 'b'] } } });
    const after = contract({ request: { age: { type: 'integer' }, kind: { type: 'string', enum: ['a'] } } });
    after.paths['/lookup'].post.requestBody.content['application/json'].schema.properties.name.maxLength = 8;
    after.paths['/lookup'].post.requestBody.content['application/json'].schema.required.push('kind');
    expect(whats(before, after)).toEqual(
      expect.arrayContaining([
        'new required field: kind',
        'maxLength lowered: 16 -> 8',
        'type narrowed: integer|string -> integer',
        'enum narrowed: "b" no longer accepted',
      ]),
    );
  });

  it('reports a widened response enum (through a $ref) and a removed response field, not a narrowed response', () => {
    const before = contract({ response: { label: { type: 'string', maxLength: 10 } } });
    const after = contract();
    after.components.schemas.Role.enum.push('A');
    expect(whats(before, after)).toEqual(['field removed: label', 'enum widened: "A" may now be answered']);
    const narrowed = contract({ response: { label: { type: 'string', maxLength: 5 } } });
    expect(whats(before, narrowed)).toEqual([]);
  });

  it('reports a new required parameter, and an optional one as an addition', () => {
    const after = contract({
      parameters: [
        { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'page', in: 'query', schema: { type: 'integer' } },
      ],
    });
    const { breaking, additions } = diffContracts(contract(), after);
    expect(breaking.map((change) => change.what)).toEqual(['new required parameter']);
    expect(additions.map((change) => change.what)).toEqual(['optional parameter added']);
  });

  it('treats any changed pattern as breaking, and a widened request as fine', () => {
    const before = contract({ request: { token: { type: 'string', pattern: '^[a-z]+$', maxLength: 64 } } });
    const wider = contract({ request: { token: { type: 'string', maxLength: 512 } } });
    expect(whats(before, wider)).toEqual([]);
    const changed = contract({ request: { token: { type: 'string', pattern: '^[a-z0-9]+$', maxLength: 64 } } });
    expect(whats(before, changed)).toEqual(['pattern changed: ^[a-z]+$ -> ^[a-z0-9]+$']);
  });
});

describe('versionProblems', () => {
  it('needs a major bump for a breaking change', () => {
    expect(versionProblems('1.4.2', '1.5.0', 1)[0]).toMatch(/without a major bump .* make it 2\.0\.0/);
    expect(versionProblems('1.4.2', '2.0.0', 3)).toEqual([]);
    expect(versionProblems('1.4.2', '2.0.0-draft.1', 3)).toEqual([]);
  });

  it('lets drafts of the next major version break each other, and release it', () => {
    expect(versionProblems('2.0.0-draft.1', '2.0.0-draft.1', 2)).toEqual([]);
    expect(versionProblems('2.0.0-draft.2', '2.0.0', 2)).toEqual([]);
    expect(versionProblems('1.3.0-draft.1', '1.3.0', 1)).toHaveLength(1);
  });

  it('never lets the version go back, and needs nothing for compatible changes', () => {
    expect(versionProblems('2.0.0', '2.0.0-draft.3', 0)[0]).toMatch(/went back/);
    expect(versionProblems('2.0.0-draft.10', '2.0.0-draft.9', 0)[0]).toMatch(/went back/);
    expect(versionProblems('1.0.0', '1.0.0', 0)).toEqual([]);
    expect(versionProblems('1.0.0', 'two', 0)[0]).toMatch(/not a semantic version/);
  });
});

describe('npm run contract:diff against git history', () => {
  let repo;
  const run = (...args) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'contract-diff.mjs'), '--root', repo, ...args], { encoding: 'utf8' });
  const git = (...args) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  const write = (version, withStatus) => {
    const paths = {
      '/ping': { get: { operationId: 'ping', summary: 'Ping', security: [], responses: { 204: { description: 'Up.' } } } },
      ...(withStatus
        ? { '/status': { get: { operationId: 'status', summary: 'Status', security: [], responses: { 204: { description: 'Up.' } } } } }
        : {}),
    };
    writeFileSync(join(repo, 'openapi', 'openapi.yaml'), JSON.stringify({ openapi: '3.1.0', info: { title: 't', version }, paths }));
  };
  const commit = (message) => {
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', message);
  };

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'portal-contract-diff-test-'));
    mkdirSync(join(repo, 'openapi'));
    symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'), 'dir');
    writeFileSync(join(repo, '.gitignore'), 'node_modules\n');
    git('init', '-q');
    write('1.0.0', true);
    commit('first');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('skips with a message when the previous commit is not there', () => {
    const result = run('HEAD~1');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/skipped: HEAD~1 is not available/);
  });

  it('fails on a removed operation without a major bump, and passes with one', () => {
    write('1.1.0', false);
    commit('remove status');
    const refused = run('HEAD~1');
    expect(refused.status, refused.stdout).toBe(1);
    expect(refused.stdout).toMatch(/BREAKING {2}GET \/status: operation removed \(status\)/);
    expect(refused.stderr).toMatch(/1 breaking change without a major bump of info.version \(1\.0\.0 -> 1\.1\.0\)/);
    write('2.0.0', false);
    const accepted = run('HEAD~1');
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/1 breaking change, covered by info.version 1\.0\.0 -> 2\.0\.0/);
  }, 30_000);
});
