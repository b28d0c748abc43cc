// @vitest-environment node
// The contract-change check: what counts as breaking, as an addition and as a patch, the version
// rule, and the git plumbing (a ref that is not there is skipped, not failed).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
    expect(diffContracts(contract(), contract())).toEqual({ breaking: [], additions: [], patches: [] });
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

  it('reports a request field removed (mfaCode from the reset body) as breaking, unless the object stays open', () => {
    const before = contract({ request: { mfaCode: { type: 'string', pattern: '^[0-9]{1,6}$' } } });
    const after = contract();
    expect(whats(before, after)).toEqual([
      'request field removed: mfaCode (a client still sending it is refused by a gateway that refuses unknown fields)',
    ]);
    const open = contract();
    open.paths['/lookup'].post.requestBody.content['application/json'].schema.additionalProperties = true;
    const { breaking, additions } = diffContracts(before, open);
    expect(breaking).toEqual([]);
    expect(additions.map((change) => change.what)).toContain('field removed: mfaCode (still accepted as an unknown field)');
  });

  it('reports a removed query parameter as breaking and a removed header as an addition', () => {
    const before = contract({
      parameters: [
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
      ],
    });
    const { breaking, additions } = diffContracts(before, contract());
    expect(breaking.map((change) => `${change.where}: ${change.what}`)).toEqual([
      'POST /lookup query q: parameter removed (a client still sending it may be refused)',
    ]);
    expect(additions.map((change) => `${change.where}: ${change.what}`)).toEqual(['POST /lookup header x-trace: parameter removed']);
  });

  it('reports additions: an optional request field, a new request enum value, a response field, an error response', () => {
    const before = contract({ request: { kind: { type: 'string', enum: ['a'] } } });
    const after = contract({
      request: { kind: { type: 'string', enum: ['a', 'b'] }, note: { type: 'string' } },
      response: { label: { type: 'string' } },
    });
    after.paths['/lookup'].post.responses[429] = { description: 'Too many requests.' };
    const { breaking, additions } = diffContracts(before, after);
    expect(breaking).toEqual([]);
    expect(additions.map((change) => change.what)).toEqual(
      expect.arrayContaining([
        'optional field added: note',
        'enum widened: "b" now accepted',
        'field added: label',
        'error response added',
      ]),
    );
  });

  it('reports a response that now always carries a field, and any other rule that changed, as additions', () => {
    const before = contract({ response: { label: { type: 'string' } } });
    const after = contract({ response: { label: { type: 'string' } } });
    after.paths['/lookup'].post.responses[200].content['application/json'].schema.required.push('label');
    expect(diffContracts(before, after)).toEqual({
      breaking: [],
      additions: [{ where: 'POST /lookup 200 application/json', what: 'field now always present: label' }],
      patches: [],
    });
    const flagged = contract();
    flagged.paths['/lookup'].post['x-side-effects'] = true;
    expect(diffContracts(contract(), flagged)).toEqual({
      breaking: [],
      additions: [{ where: '/paths/~1lookup/post/x-side-effects', what: 'rule changed' }],
      patches: [],
    });
  });

  it('reports descriptions and examples alone as patches, wherever they are, but not a property named like one', () => {
    const after = contract();
    const operation = after.paths['/lookup'].post;
    operation.description = 'Looks a name up.';
    operation.responses[200].content['application/json'].examples = { found: { value: { id: '7' } } };
    after.components.schemas.Role.description = 'The role.';
    const { breaking, additions, patches } = diffContracts(contract(), after);
    expect(breaking).toEqual([]);
    expect(additions).toEqual([]);
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.every((change) => change.what === 'description or example changed')).toBe(true);
    const described = contract({ response: { description: { type: 'string' } } });
    expect(diffContracts(contract(), described).additions.map((change) => change.what)).toEqual(['field added: description']);
  });

  it('follows oneOf and anyOf: a success answer split from a business failure narrows the response; the reverse breaks', () => {
    const envelope = {
      type: 'object',
      properties: {
        data: { type: 'object', properties: { id: { type: 'string' } } },
        errors: { type: 'array', items: { type: 'string' } },
      },
    };
    const split = {
      anyOf: [
        { ...envelope, required: ['data'] },
        { type: 'object', required: ['errors'], properties: { errors: { type: 'array', minItems: 1, items: { type: 'string' } } } },
      ],
    };
    const withAnswer = (schema) => {
      const document = contract();
      document.paths['/lookup'].post.responses[200].content['application/json'].schema = schema;
      return document;
    };
    const forward = diffContracts(withAnswer(envelope), withAnswer(split));
    expect(forward.breaking).toEqual([]);
    expect(forward.additions.map((change) => change.what)).toEqual(
      expect.arrayContaining(['field now always present: data', 'minItems raised: none -> 1']),
    );
    expect(whats(withAnswer(split), withAnswer(envelope))).toEqual(['field no longer always present: data']);
    expect(diffContracts(withAnswer(split), withAnswer(split))).toEqual({ breaking: [], additions: [], patches: [] });
    const dropped = withAnswer({ anyOf: [split.anyOf[1]] });
    expect(whats(withAnswer(split), dropped)).toEqual(['field removed: data']);
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
  const breaking = (count) => ({ breaking: count });
  const additions = (count) => ({ additions: count });
  const patches = (count) => ({ patches: count });

  it('needs a major bump for a breaking change', () => {
    expect(versionProblems('1.4.2', '1.5.0', breaking(1))[0]).toMatch(/without a major bump .* make it 2\.0\.0/);
    expect(versionProblems('1.4.2', '2.0.0', breaking(3))).toEqual([]);
    expect(versionProblems('1.4.2', '2.0.0-draft.1', breaking(3))).toEqual([]);
  });

  it('needs a minor (or major) bump for an addition', () => {
    expect(versionProblems('2.0.0', '2.0.0', additions(1))[0]).toMatch(/1 addition without a minor bump .* make it 2\.1\.0/);
    expect(versionProblems('2.0.0', '2.0.1', additions(2))[0]).toMatch(/2 additions without a minor bump/);
    expect(versionProblems('2.0.0', '2.1.0', additions(2))).toEqual([]);
    expect(versionProblems('2.0.0', '2.1.0-draft.1', additions(2))).toEqual([]);
    expect(versionProblems('2.0.0', '3.0.0', additions(1))).toEqual([]);
  });

  it('needs some bump for a change to descriptions or examples', () => {
    expect(versionProblems('2.0.0', '2.0.0', patches(4))[0]).toMatch(/descriptions or examples changed without a bump .* make it 2\.0\.1/);
    expect(versionProblems('2.0.0', '2.0.1', patches(4))).toEqual([]);
    expect(versionProblems('2.0.0', '2.1.0', patches(4))).toEqual([]);
  });

  it('lets drafts of the next major version break each other, and release it', () => {
    expect(versionProblems('2.0.0-draft.1', '2.0.0-draft.1', breaking(2))).toEqual([]);
    expect(versionProblems('2.0.0-draft.2', '2.0.0', breaking(2))).toEqual([]);
    expect(versionProblems('1.3.0-draft.1', '1.3.0', breaking(1))).toHaveLength(1);
    expect(versionProblems('1.3.0-draft.1', '1.3.0-draft.2', { additions: 3, patches: 1 })).toEqual([]);
  });

  it('never lets the version go back, and needs nothing when nothing changed', () => {
    expect(versionProblems('2.0.0', '2.0.0-draft.3', {})[0]).toMatch(/went back/);
    expect(versionProblems('2.0.0-draft.10', '2.0.0-draft.9', {})[0]).toMatch(/went back/);
    expect(versionProblems('1.0.0', '1.0.0', {})).toEqual([]);
    expect(versionProblems('1.0.0', 'two', {})[0]).toMatch(/not a semantic version/);
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
    expect(accepted.stdout).toMatch(/1 breaking change, 0 additions, covered by info.version 1\.0\.0 -> 2\.0\.0/);
    commit('release 2.0.0');
  }, 90_000);

  it('fails on an added operation without a minor bump, and passes with one', () => {
    write('2.0.1', true);
    const refused = run('HEAD');
    expect(refused.status, refused.stdout).toBe(1);
    expect(refused.stdout).toMatch(/added {5}GET \/status: operation added/);
    expect(refused.stderr).toMatch(/1 addition without a minor bump of info.version \(2\.0\.0 -> 2\.0\.1\): make it 2\.1\.0/);
    write('2.1.0', true);
    commit('add status');
    const accepted = run('HEAD~1');
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/0 breaking changes, 1 addition, covered by info.version 2\.0\.0 -> 2\.1\.0/);
  }, 90_000);

  it('fails on a changed description without a bump, and passes with a patch bump', () => {
    const describe = (version) => {
      write(version, true);
      const file = join(repo, 'openapi', 'openapi.yaml');
      const document = JSON.parse(readFileSync(file, 'utf8'));
      document.paths['/status'].get.description = 'Whether the gateway answers.';
      writeFileSync(file, JSON.stringify(document));
    };
    describe('2.1.0');
    const refused = run('HEAD');
    expect(refused.status, refused.stdout).toBe(1);
    expect(refused.stdout).toMatch(/patched {3}\/paths\/~1status\/get\/description: description or example changed/);
    expect(refused.stderr).toMatch(
      /descriptions or examples changed without a bump of info.version \(2\.1\.0 -> 2\.1\.0\): make it 2\.1\.1/,
    );
    describe('2.1.1');
    const accepted = run('HEAD');
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/descriptions or examples changed, covered by info.version 2\.1\.0 -> 2\.1\.1/);
  }, 90_000);
});
