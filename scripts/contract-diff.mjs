// `npm run contract:diff -- <git ref>`: the breaking changes of openapi/ since an earlier version,
// and whether info.version says so (a breaking change needs a major bump).
//
// No maintained OpenAPI diff tool runs here: @useoptic/optic 1.0.9 installs but crashes at start
// on Node 20 (an ajv / ajv-errors mismatch inside Spectral), openapi-diff 0.24 refuses OpenAPI
// 3.1, and oasdiff is a Go binary. So this is a focused checker over the two Redocly bundles.
// "Breaking" is judged from the client's side, as such tools do: a portal built from the older
// version may stop working against a gateway of the newer one. The portal validates every
// response, so a response that may hold more than before (a widened type, enum, length or
// pattern) breaks it, as does a request that may hold less (a narrowed one, a new required field).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function resolveRef(document, value) {
  let current = value;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops += 1) {
    if (hops > 50) throw new Error(`$ref cycle at ${value.$ref}`);
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => node?.[key], document);
  }
  return current;
}

function operationsOf(document) {
  const found = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const resolvedItem = resolveRef(document, item);
    for (const method of METHODS) {
      if (resolvedItem?.[method]) found.set(`${method.toUpperCase()} ${path}`, { item: resolvedItem, operation: resolvedItem[method] });
    }
  }
  return found;
}

/** The JSON types a schema allows (`null` included); undefined means any. */
function typesOf(document, schema) {
  const resolved = resolveRef(document, schema) ?? {};
  if (resolved.type !== undefined) return new Set([resolved.type].flat());
  if ('const' in resolved) return new Set([resolved.const === null ? 'null' : typeof resolved.const]);
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches) {
    const union = new Set();
    for (const branch of branches) {
      const types = typesOf(document, branch);
      if (!types) return undefined;
      for (const type of types) union.add(type);
    }
    return union;
  }
  return undefined;
}

/** allOf merged into one schema: properties and required lists joined, the rest taken as is. */
function flatten(document, schema) {
  const resolved = resolveRef(document, schema) ?? {};
  if (!resolved.allOf) return resolved;
  const merged = { ...resolved, properties: { ...resolved.properties }, required: [...(resolved.required ?? [])] };
  delete merged.allOf;
  for (const part of resolved.allOf.map((entry) => flatten(document, entry))) {
    Object.assign(merged.properties, part.properties);
    merged.required.push(...(part.required ?? []));
    for (const [key, value] of Object.entries(part)) if (!(key in merged)) merged[key] = value;
  }
  return merged;
}

const LOWER_BOUNDS = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'];
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'];
const isNumber = (value) => typeof value === 'number';

/**
 * The breaking differences between two schemas at one place. direction 'request': what a client
 * sends (narrowing breaks); 'response': what a client receives (widening breaks).
 */
function compareSchemas(context, before, after, direction, where, seen = new Set()) {
  const { oldDoc, newDoc, report } = context;
  const key = `${direction}|${before?.$ref ?? ''}|${after?.$ref ?? ''}|${where}`;
  if (seen.has(key) || seen.size > 5000) return;
  seen.add(key);
  const a = flatten(oldDoc, before);
  const b = flatten(newDoc, after);
  const request = direction === 'request';
  const breaking = (what) => report(where, what);

  const oldTypes = typesOf(oldDoc, a);
  const newTypes = typesOf(newDoc, b);
  if (oldTypes && newTypes) {
    const lost = [...oldTypes].filter((type) => !newTypes.has(type) && !(type === 'integer' && newTypes.has('number')));
    const gained = [...newTypes].filter((type) => !oldTypes.has(type) && !(type === 'integer' && oldTypes.has('number')));
    if (request && lost.length) breaking(`type narrowed: ${[...oldTypes].join('|')} -> ${[...newTypes].join('|')}`);
    if (!request && gained.length) breaking(`type widened: ${[...oldTypes].join('|')} -> ${[...newTypes].join('|')}`);
  } else if (oldTypes && !newTypes && !request) breaking('type widened: now any type');
  else if (!oldTypes && newTypes && request) breaking(`type narrowed: any -> ${[...newTypes].join('|')}`);

  const enumOf = (schema) => (Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined);
  const oldEnum = enumOf(a);
  const newEnum = enumOf(b);
  const show = (values) => values.map((value) => JSON.stringify(value)).join(', ');
  if (oldEnum && newEnum) {
    const removed = oldEnum.filter((value) => !newEnum.includes(value));
    const added = newEnum.filter((value) => !oldEnum.includes(value));
    if (request && removed.length) breaking(`enum narrowed: ${show(removed)} no longer accepted`);
    if (!request && added.length) breaking(`enum widened: ${show(added)} may now be answered`);
  } else if (!oldEnum && newEnum && request) breaking(`enum added: only ${show(newEnum)} accepted`);
  else if (oldEnum && !newEnum && !request) breaking('enum removed: any value may now be answered');

  for (const bound of LOWER_BOUNDS) {
    const was = a[bound];
    const now = b[bound];
    if (request && isNumber(now) && (!isNumber(was) || now > was)) breaking(`${bound} raised: ${was ?? 'none'} -> ${now}`);
    if (!request && isNumber(was) && (!isNumber(now) || now < was)) breaking(`${bound} lowered: ${was} -> ${now ?? 'none'}`);
  }
  for (const bound of UPPER_BOUNDS) {
    const was = a[bound];
    const now = b[bound];
    if (request && isNumber(now) && (!isNumber(was) || now < was)) breaking(`${bound} lowered: ${was ?? 'none'} -> ${now}`);
    if (!request && isNumber(was) && (!isNumber(now) || now > was)) breaking(`${bound} raised: ${was} -> ${now ?? 'none'}`);
  }
  for (const keyword of ['pattern', 'format']) {
    const was = a[keyword];
    const now = b[keyword];
    if (was === now) continue;
    // Whether one pattern accepts less than another is undecidable: any change may break.
    if (was !== undefined && now !== undefined) breaking(`${keyword} changed: ${was} -> ${now}`);
    else if (request && now !== undefined) breaking(`${keyword} added: ${now}`);
    else if (!request && was !== undefined) breaking(`${keyword} removed: ${was}`);
  }

  const oldRequired = new Set(a.required ?? []);
  const newRequired = new Set(b.required ?? []);
  const oldProperties = a.properties ?? {};
  const newProperties = b.properties ?? {};
  if (request) {
    for (const name of newRequired) if (!oldRequired.has(name)) breaking(`new required field: ${name}`);
    if (a.additionalProperties !== false && b.additionalProperties === false) breaking('additional properties no longer accepted');
  } else {
    for (const name of oldRequired) {
      if (!newRequired.has(name) && name in newProperties) breaking(`field no longer always present: ${name}`);
    }
    for (const name of Object.keys(oldProperties)) if (!(name in newProperties)) breaking(`field removed: ${name}`);
    if (a.additionalProperties === false && b.additionalProperties !== false) breaking('additional properties may now be answered');
  }
  for (const [name, schema] of Object.entries(oldProperties)) {
    if (name in newProperties) compareSchemas(context, schema, newProperties[name], direction, `${where}.${name}`, seen);
  }
  if (a.items && b.items) compareSchemas(context, a.items, b.items, direction, `${where}[]`, seen);
  if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object') {
    compareSchemas(context, a.additionalProperties, b.additionalProperties, direction, `${where}.*`, seen);
  }

  // oneOf/anyOf: pair the branches by the types they allow; an unpaired branch narrows a request
  // (old side) or widens a response (new side).
  const oldBranches = a.oneOf ?? a.anyOf;
  const newBranches = b.oneOf ?? b.anyOf;
  if (oldBranches && newBranches) {
    const label = (document, branch) => [...(typesOf(document, branch) ?? ['any'])].sort().join('|');
    const newByType = new Map(newBranches.map((branch) => [label(newDoc, branch), branch]));
    const oldByType = new Map(oldBranches.map((branch) => [label(oldDoc, branch), branch]));
    for (const [type, branch] of oldByType) {
      if (newByType.has(type)) compareSchemas(context, branch, newByType.get(type), direction, `${where}<${type}>`, seen);
      else if (request) breaking(`alternative removed: ${type}`);
    }
    if (!request) for (const type of newByType.keys()) if (!oldByType.has(type)) breaking(`alternative added: ${type}`);
  }
}

function parametersOf(document, item, operation) {
  const byKey = new Map();
  for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const resolved = resolveRef(document, parameter);
    byKey.set(`${resolved.in} ${resolved.name.toLowerCase()}`, resolved);
  }
  return byKey;
}

const statusClass = (status) => (/^2/.test(status) ? 'success' : 'other');

/**
 * The changes between two bundled OpenAPI documents: { breaking: [{ where, what }], additions: [...] }.
 * Additions are operations, optional parameters and response fields that are new: worth a minor bump.
 */
export function diffContracts(oldDoc, newDoc) {
  const breaking = [];
  const additions = [];
  const context = { oldDoc, newDoc, report: (where, what) => breaking.push({ where, what }) };
  const oldOperations = operationsOf(oldDoc);
  const newOperations = operationsOf(newDoc);
  for (const name of newOperations.keys()) if (!oldOperations.has(name)) additions.push({ where: name, what: 'operation added' });
  for (const [name, { item, operation }] of oldOperations) {
    const counterpart = newOperations.get(name);
    if (!counterpart) {
      breaking.push({ where: name, what: `operation removed (${operation.operationId ?? 'no operationId'})` });
      continue;
    }
    const { item: newItem, operation: newOperation } = counterpart;
    const security = (doc, op) => JSON.stringify(op.security ?? doc.security ?? []);
    if (security(oldDoc, operation) !== security(newDoc, newOperation)) {
      breaking.push({ where: name, what: `security changed: ${security(oldDoc, operation)} -> ${security(newDoc, newOperation)}` });
    }

    const oldParameters = parametersOf(oldDoc, item, operation);
    const newParameters = parametersOf(newDoc, newItem, newOperation);
    for (const [key, parameter] of newParameters) {
      const old = oldParameters.get(key);
      if (!old) {
        if (parameter.required) breaking.push({ where: `${name} ${key}`, what: 'new required parameter' });
        else additions.push({ where: `${name} ${key}`, what: 'optional parameter added' });
      } else {
        if (parameter.required && !old.required) breaking.push({ where: `${name} ${key}`, what: 'parameter became required' });
        compareSchemas(context, old.schema, parameter.schema, 'request', `${name} ${key}`);
      }
    }

    const oldBody = resolveRef(oldDoc, operation.requestBody);
    const newBody = resolveRef(newDoc, newOperation.requestBody);
    if (newBody?.required && !oldBody?.required) breaking.push({ where: `${name} request body`, what: 'request body became required' });
    for (const [mediaType, media] of Object.entries(oldBody?.content ?? {})) {
      const newMedia = newBody?.content?.[mediaType];
      if (!newMedia) breaking.push({ where: `${name} request body`, what: `media type no longer accepted: ${mediaType}` });
      else compareSchemas(context, media.schema, newMedia.schema, 'request', `${name} request ${mediaType}`);
    }

    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const newResponse = newOperation.responses?.[status];
      if (!newResponse) {
        if (statusClass(status) === 'success') breaking.push({ where: `${name} ${status}`, what: 'success response removed' });
        continue;
      }
      const oldContent = resolveRef(oldDoc, response)?.content ?? {};
      const newContent = resolveRef(newDoc, newResponse)?.content ?? {};
      for (const [mediaType, media] of Object.entries(oldContent)) {
        const newMedia = newContent[mediaType];
        if (!newMedia) breaking.push({ where: `${name} ${status}`, what: `media type no longer answered: ${mediaType}` });
        else compareSchemas(context, media.schema, newMedia.schema, 'response', `${name} ${status} ${mediaType}`);
      }
      for (const mediaType of Object.keys(newContent)) {
        if (!(mediaType in oldContent) && Object.keys(oldContent).length > 0) {
          breaking.push({ where: `${name} ${status}`, what: `media type may now be answered: ${mediaType}` });
        }
      }
    }
    for (const status of Object.keys(newOperation.responses ?? {})) {
      if (!(status in (operation.responses ?? {})) && statusClass(status) === 'success') {
        breaking.push({ where: `${name} ${status}`, what: 'success response added (clients expect the old one)' });
      }
    }
  }
  return { breaking, additions };
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** A semantic version as { major, minor, patch, prerelease[] }, or undefined. */
export function parseVersion(text) {
  const match = SEMVER.exec(String(text ?? ''));
  if (!match) return undefined;
  return { major: +match[1], minor: +match[2], patch: +match[3], prerelease: match[4] ? match[4].split('.') : [] };
}

/** Semver precedence: negative, zero or positive. */
export function compareVersions(a, b) {
  for (const part of ['major', 'minor', 'patch']) if (a[part] !== b[part]) return a[part] - b[part];
  if (!a.prerelease.length || !b.prerelease.length) return b.prerelease.length - a.prerelease.length;
  for (let index = 0; index < Math.max(a.prerelease.length, b.prerelease.length); index += 1) {
    const x = a.prerelease[index];
    const y = b.prerelease[index];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (x !== y) return numeric ? Number(x) - Number(y) : x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Whether info.version goes with the changes: it never goes back, and a breaking change needs
 * a higher major version, unless the older version is already a pre-release of the next major
 * (`2.0.0-draft.1`): pre-releases promise nothing, so drafts of one major version may break each
 * other until it is released. Returns the problems found (none means fine).
 */
export function versionProblems(oldText, newText, breakingCount) {
  const before = parseVersion(oldText);
  const after = parseVersion(newText);
  if (!after) return [`info.version ${JSON.stringify(newText)} is not a semantic version (MAJOR.MINOR.PATCH[-pre])`];
  if (!before) return [];
  if (compareVersions(after, before) < 0) return [`info.version went back: ${oldText} -> ${newText}`];
  if (breakingCount === 0) return [];
  if (after.major > before.major) return [];
  const draftOfSameMajor =
    before.prerelease.length > 0 &&
    before.minor === 0 &&
    before.patch === 0 &&
    after.major === before.major &&
    after.minor === 0 &&
    after.patch === 0;
  if (draftOfSameMajor) return [];
  return [
    `${breakingCount} breaking change${breakingCount === 1 ? '' : 's'} without a major bump of info.version (${oldText} -> ${newText}): ` +
      `make it ${before.major + 1}.0.0, or ${before.major + 1}.0.0-draft.1 while the next major version is prepared`,
  ];
}

function git(root, args) {
  return spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function bundle(root, sourceRoot, output) {
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'redocly'),
    ['bundle', join(sourceRoot, 'openapi', 'openapi.yaml'), '--output', output],
    { cwd: sourceRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`redocly bundle failed in ${sourceRoot}:\n${result.stdout}${result.stderr}`);
  return JSON.parse(readFileSync(output, 'utf8'));
}

/**
 * Compares openapi/ in the work tree with openapi/ at a git ref. Returns { skipped } when the
 * ref or its contract is not available (a shallow clone, a first commit), else
 * { oldVersion, newVersion, breaking, additions, problems }.
 */
export function contractDiff(root, ref) {
  if (git(root, ['rev-parse', '--is-inside-work-tree']).status !== 0) return { skipped: `${root} is not a git work tree` };
  const commit = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (commit.status !== 0) return { skipped: `${ref} is not available (a first commit or a shallow clone)` };
  const sha = commit.stdout.trim();
  if (git(root, ['cat-file', '-e', `${sha}:openapi/openapi.yaml`]).status !== 0) return { skipped: `${ref} has no openapi/openapi.yaml` };
  const scratch = mkdtempSync(join(tmpdir(), 'portal-contract-diff-'));
  try {
    const archive = spawnSync('sh', ['-c', `git archive --format=tar "${sha}" openapi | tar -x -C "${scratch}"`], {
      cwd: root,
      encoding: 'utf8',
    });
    if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
    const oldDoc = bundle(root, scratch, join(scratch, 'old.json'));
    const newDoc = bundle(root, root, join(scratch, 'new.json'));
    const { breaking, additions } = diffContracts(oldDoc, newDoc);
    const oldVersion = oldDoc.info?.version;
    const newVersion = newDoc.info?.version;
    return { ref, sha, oldVersion, newVersion, breaking, additions, problems: versionProblems(oldVersion, newVersion, breaking.length) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main(argv) {
  const args = argv.slice(2);
  const rootFlag = args.indexOf('--root');
  const root = resolve(rootFlag >= 0 ? args[rootFlag + 1] : '.');
  const positional = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--root');
  const ref = positional[0];
  if (!ref) {
    console.error('usage: npm run contract:diff -- <git ref>   (for example HEAD~1, main, v1.0.0)');
    return 2;
  }
  if (!existsSync(join(root, 'openapi', 'openapi.yaml'))) {
    console.error(`contract:diff: no openapi/openapi.yaml under ${root}`);
    return 2;
  }
  const result = contractDiff(root, ref);
  if (result.skipped) {
    console.log(`contract:diff: skipped: ${result.skipped}`);
    return 0;
  }
  const { oldVersion, newVersion, breaking, additions, problems } = result;
  console.log(`contract:diff: openapi/ at ${ref} (${result.sha.slice(0, 7)}, ${oldVersion}) -> work tree (${newVersion})`);
  for (const change of breaking) console.log(`  BREAKING  ${change.where}: ${change.what}`);
  for (const change of additions) console.log(`  added     ${change.where}: ${change.what}`);
  if (!breaking.length && !additions.length) console.log('  no breaking change, nothing added');
  for (const problem of problems) console.error(`contract:diff: ${problem}`);
  if (problems.length) return 1;
  console.log(
    `contract:diff: ${breaking.length} breaking change${breaking.length === 1 ? '' : 's'}` +
      (breaking.length ? `, covered by info.version ${oldVersion} -> ${newVersion}` : '') +
      `, ${additions.length} addition${additions.length === 1 ? '' : 's'}`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv);
