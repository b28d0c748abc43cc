// `npm run contract:diff -- <git ref>`: what changed in openapi/ since an earlier version, and
// whether info.version says so: a breaking change needs a major bump, an addition a minor one,
// and a change to descriptions or examples alone a patch.
//
// No maintained OpenAPI diff tool runs here: @useoptic/optic 1.0.9 installs but crashes at start
// on Node 20 (an ajv / ajv-errors mismatch inside Spectral), openapi-diff 0.24 refuses OpenAPI
// 3.1, and oasdiff is a Go binary. So this is a focused checker over the two Redocly bundles.
// "Breaking" is judged from the client's side, as such tools do: a portal built from the older
// version may stop working against a gateway of the newer one. The portal validates every
// response, so a response that may hold more than before (a widened type, enum, length or
// pattern) breaks it, as does a request that may hold less (a narrowed one, a new required field,
// a field removed: a client still sending it is refused by a gateway that refuses unknown fields).
// Whatever else changes what a validator accepts is an addition; whatever changes nothing a
// validator sees (descriptions, summaries, examples) is a patch.
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

/** Two schemas as one: properties and required lists joined, the rest taken from `a` first. */
function merge(a, b) {
  const merged = { ...b, ...a };
  if (a.properties || b.properties) merged.properties = { ...b.properties, ...a.properties };
  if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return merged;
}

/** allOf merged into one schema: properties and required lists joined, the rest taken as is. */
function flatten(document, schema) {
  const resolved = resolveRef(document, schema) ?? {};
  if (!resolved.allOf) return resolved;
  let merged = { ...resolved };
  delete merged.allOf;
  for (const part of resolved.allOf) merged = merge(merged, flatten(document, part));
  return merged;
}

/** The alternatives of a oneOf/anyOf schema, each with the schema's other keywords, or undefined. */
function branchesOf(document, schema) {
  const resolved = flatten(document, schema);
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (!branches) return undefined;
  const siblings = { ...resolved };
  delete siblings.oneOf;
  delete siblings.anyOf;
  return branches.map((branch) => merge(flatten(document, branch), siblings));
}

const LOWER_BOUNDS = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'];
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'];
const isNumber = (value) => typeof value === 'number';
const show = (values) => values.map((value) => JSON.stringify(value)).join(', ');
const isOpen = (schema) => schema.additionalProperties === true || typeof schema.additionalProperties === 'object';

/**
 * The differences between two schemas at one place, reported as breaking or compatible.
 * direction 'request': what a client sends (narrowing breaks, widening is compatible);
 * 'response': what a client receives (widening breaks, narrowing is compatible).
 * `branch` marks the top of one oneOf/anyOf alternative, whose removed fields are judged over
 * all the alternatives together (see compareBranches).
 */
function compareSchemas(context, before, after, direction, where, seen = new Set(), branch = false) {
  const { oldDoc, newDoc } = context;
  const key = `${direction}|${before?.$ref ?? ''}|${after?.$ref ?? ''}|${where}|${branch}`;
  if (seen.has(key) || seen.size > 5000) return;
  seen.add(key);
  if (branchesOf(oldDoc, before) || branchesOf(newDoc, after)) return compareBranches(context, before, after, direction, where, seen);
  const a = flatten(oldDoc, before);
  const b = flatten(newDoc, after);
  const request = direction === 'request';
  const breaking = (what) => context.breaking(where, what);
  const compatible = (what) => context.compatible(where, what);
  // What a request may now hold less of, or a response more of, breaks; the opposite is compatible.
  const narrowed = (what) => (request ? breaking(what) : compatible(what));
  const widened = (what) => (request ? compatible(what) : breaking(what));

  const oldTypes = typesOf(oldDoc, a);
  const newTypes = typesOf(newDoc, b);
  if (oldTypes && newTypes) {
    const lost = [...oldTypes].filter((type) => !newTypes.has(type) && !(type === 'integer' && newTypes.has('number')));
    const gained = [...newTypes].filter((type) => !oldTypes.has(type) && !(type === 'integer' && oldTypes.has('number')));
    const change = `${[...oldTypes].join('|')} -> ${[...newTypes].join('|')}`;
    if (lost.length) narrowed(`type narrowed: ${change}`);
    if (gained.length) widened(`type widened: ${change}`);
  } else if (oldTypes && !newTypes) widened('type widened: now any type');
  else if (!oldTypes && newTypes) narrowed(`type narrowed: any -> ${[...newTypes].join('|')}`);

  const enumOf = (schema) => (Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined);
  const oldEnum = enumOf(a);
  const newEnum = enumOf(b);
  if (oldEnum && newEnum) {
    const removed = oldEnum.filter((value) => !newEnum.includes(value));
    const added = newEnum.filter((value) => !oldEnum.includes(value));
    if (removed.length)
      narrowed(request ? `enum narrowed: ${show(removed)} no longer accepted` : `enum narrowed: ${show(removed)} no longer answered`);
    if (added.length) widened(request ? `enum widened: ${show(added)} now accepted` : `enum widened: ${show(added)} may now be answered`);
  } else if (!oldEnum && newEnum) narrowed(`enum added: only ${show(newEnum)}`);
  else if (oldEnum && !newEnum) widened('enum removed: any value');

  for (const bound of LOWER_BOUNDS) {
    const was = a[bound];
    const now = b[bound];
    if (isNumber(now) && (!isNumber(was) || now > was)) narrowed(`${bound} raised: ${was ?? 'none'} -> ${now}`);
    if (isNumber(was) && (!isNumber(now) || now < was)) widened(`${bound} lowered: ${was} -> ${now ?? 'none'}`);
  }
  for (const bound of UPPER_BOUNDS) {
    const was = a[bound];
    const now = b[bound];
    if (isNumber(now) && (!isNumber(was) || now < was)) narrowed(`${bound} lowered: ${was ?? 'none'} -> ${now}`);
    if (isNumber(was) && (!isNumber(now) || now > was)) widened(`${bound} raised: ${was} -> ${now ?? 'none'}`);
  }
  for (const keyword of ['pattern', 'format']) {
    const was = a[keyword];
    const now = b[keyword];
    if (was === now) continue;
    // Whether one pattern accepts less than another is undecidable: any change may break.
    if (was !== undefined && now !== undefined) breaking(`${keyword} changed: ${was} -> ${now}`);
    else if (now !== undefined) narrowed(`${keyword} added: ${now}`);
    else widened(`${keyword} removed: ${was}`);
  }

  const oldRequired = new Set(a.required ?? []);
  const newRequired = new Set(b.required ?? []);
  const oldProperties = a.properties ?? {};
  const newProperties = b.properties ?? {};
  for (const name of newRequired) {
    if (request && !oldRequired.has(name)) breaking(`new required field: ${name}`);
    if (!request && !oldRequired.has(name) && name in oldProperties) compatible(`field now always present: ${name}`);
  }
  for (const name of oldRequired) {
    if (!newRequired.has(name) && name in newProperties)
      widened(request ? `field no longer required: ${name}` : `field no longer always present: ${name}`);
  }
  for (const name of Object.keys(newProperties)) {
    if (name in oldProperties || (request && newRequired.has(name))) continue;
    compatible(request ? `optional field added: ${name}` : `field added: ${name}`);
  }
  if (!branch)
    for (const name of Object.keys(oldProperties)) if (!(name in newProperties)) removedField(context, b, name, direction, where);
  if (a.additionalProperties !== false && b.additionalProperties === false) narrowed('additional properties no longer allowed');
  if (a.additionalProperties === false && b.additionalProperties !== false) widened('additional properties now allowed');

  for (const [name, schema] of Object.entries(oldProperties)) {
    if (name in newProperties) compareSchemas(context, schema, newProperties[name], direction, `${where}.${name}`, seen);
  }
  if (a.items && b.items) compareSchemas(context, a.items, b.items, direction, `${where}[]`, seen);
  if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object') {
    compareSchemas(context, a.additionalProperties, b.additionalProperties, direction, `${where}.*`, seen);
  }
}

/**
 * A field that is gone. From a response it breaks a client that reads it; from a request it
 * breaks a client that still sends it, unless the new schema leaves the object open.
 */
function removedField(context, newSchema, name, direction, where) {
  if (direction === 'response') return context.breaking(where, `field removed: ${name}`);
  if (isOpen(newSchema)) return context.compatible(where, `field removed: ${name} (still accepted as an unknown field)`);
  context.breaking(where, `request field removed: ${name} (a client still sending it is refused by a gateway that refuses unknown fields)`);
}

/**
 * oneOf/anyOf on either side (a schema without is one alternative): every alternative a client
 * may now receive must fit one it could receive before (response), and every alternative it may
 * send must fit one the gateway accepts now (request). Each is compared with the alternative
 * that fits it best. A field counts as removed only when no alternative has it any more.
 */
/** Whether one score (a list of numbers, the most important first) ranks before another. */
function ranksBefore(a, b) {
  const at = a.findIndex((value, index) => value !== b[index]);
  return at >= 0 && a[at] < b[at];
}

function compareBranches(context, before, after, direction, where, seen) {
  const { oldDoc, newDoc } = context;
  const olds = branchesOf(oldDoc, before) ?? [flatten(oldDoc, before)];
  const news = branchesOf(newDoc, after) ?? [flatten(newDoc, after)];
  const request = direction === 'request';
  const [fitting, targets] = request ? [olds, news] : [news, olds];
  const label = (document, schema) => [...(typesOf(document, schema) ?? ['any'])].sort().join('|');
  const fieldNames = (schema) => new Set(Object.keys(schema.properties ?? {}));
  for (const [index, branch] of fitting.entries()) {
    const document = request ? oldDoc : newDoc;
    const at = fitting.length > 1 ? `${where}<${label(document, branch)} ${index + 1}>` : where;
    // The alternative it is compared with: the same types, then the most fields in common, then
    // the fewest breaking and other changes (an alternative that changed meets its predecessor).
    let best;
    for (const target of targets) {
      const trial = { breaking: [], compatible: [] };
      const trialContext = {
        oldDoc,
        newDoc,
        breaking: (place, what) => trial.breaking.push({ where: place, what }),
        compatible: (place, what) => trial.compatible.push({ where: place, what }),
      };
      const [oldSide, newSide] = request ? [branch, target] : [target, branch];
      compareSchemas(trialContext, oldSide, newSide, direction, at, new Set(seen), true);
      const ours = fieldNames(branch);
      const theirs = fieldNames(target);
      const unshared = [...ours].filter((name) => !theirs.has(name)).length + [...theirs].filter((name) => !ours.has(name)).length;
      const typeMismatch = label(oldDoc, oldSide) === label(newDoc, newSide) ? 0 : 1;
      trial.score = [typeMismatch, unshared, trial.breaking.length, trial.compatible.length];
      if (!best || ranksBefore(trial.score, best.score)) best = trial;
    }
    for (const change of best?.breaking ?? []) context.breaking(change.where, change.what);
    for (const change of best?.compatible ?? []) context.compatible(change.where, change.what);
  }
  const names = (branches) => new Set(branches.flatMap((branch) => Object.keys(branch.properties ?? {})));
  const newNames = names(news);
  const openNew = { additionalProperties: news.some(isOpen) ? true : undefined };
  for (const name of names(olds)) if (!newNames.has(name)) removedField(context, openNew, name, direction, where);
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

/** Keywords that describe without constraining: a change to them alone is a patch. */
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', '$comment']);
/** Keywords whose value is a map of names, where an annotation's name may be a property's. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * What a validator sees of a document: its paths with every `$ref` followed (a recursive one is
 * kept as the `$ref`), its security and servers; no annotations, no `info`, no unused components.
 */
function rulesOf(document) {
  const strip = (node, stack, names = false) => {
    if (Array.isArray(node)) return node.map((child) => strip(child, stack));
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      if (stack.includes(node.$ref)) return { $ref: node.$ref };
      const { $ref, ...siblings } = node;
      return strip({ ...resolveRef(document, { $ref }), ...siblings }, [...stack, $ref]);
    }
    const out = {};
    for (const key of Object.keys(node).sort()) {
      if (!names && ANNOTATIONS.has(key)) continue;
      out[key] = strip(node[key], stack, !names && NAME_MAPS.has(key));
    }
    return out;
  };
  return strip(
    {
      paths: document.paths ?? {},
      security: document.security ?? [],
      securitySchemes: document.components?.securitySchemes ?? {},
      servers: document.servers ?? [],
    },
    [],
  );
}

/** A document without its version, keys sorted, for telling any change apart from none. */
function canonical(document) {
  const sorted = (node) => {
    if (Array.isArray(node)) return node.map(sorted);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.keys(node)
        .sort()
        .map((key) => [key, sorted(node[key])]),
    );
  };
  const copy = sorted(document);
  if (copy.info) delete copy.info.version;
  return copy;
}

/** The JSON pointers where two values differ, at most `limit` of them. */
function differences(a, b, limit = 3, path = '', found = []) {
  if (found.length >= limit) return found;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      differences(a[key], b[key], limit, `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) found.push(path || '/');
  return found;
}

/**
 * The changes between two bundled OpenAPI documents, by the version bump each needs:
 * { breaking, additions, patches }, each a list of { where, what }.
 * - breaking: a client built from the old document may fail against the new one (major);
 * - additions: anything else that changes what a validator accepts: an operation, an optional
 *   parameter or field, an error response, a request that accepts more, a response that answers
 *   less (minor);
 * - patches: descriptions, summaries or examples only (patch).
 */
export function diffContracts(oldDoc, newDoc) {
  const breaking = [];
  const additions = [];
  const context = {
    oldDoc,
    newDoc,
    breaking: (where, what) => breaking.push({ where, what }),
    compatible: (where, what) => additions.push({ where, what }),
  };
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
        if (!parameter.required && old.required) additions.push({ where: `${name} ${key}`, what: 'parameter no longer required' });
        compareSchemas(context, old.schema, parameter.schema, 'request', `${name} ${key}`);
      }
    }
    for (const [key, parameter] of oldParameters) {
      if (newParameters.has(key)) continue;
      // Gateways ignore headers they do not know; a query parameter may be refused.
      if (parameter.in === 'header' || parameter.in === 'cookie') additions.push({ where: `${name} ${key}`, what: 'parameter removed' });
      else breaking.push({ where: `${name} ${key}`, what: 'parameter removed (a client still sending it may be refused)' });
    }

    const oldBody = resolveRef(oldDoc, operation.requestBody);
    const newBody = resolveRef(newDoc, newOperation.requestBody);
    if (newBody?.required && !oldBody?.required) breaking.push({ where: `${name} request body`, what: 'request body became required' });
    if (oldBody?.required && newBody && !newBody.required)
      additions.push({ where: `${name} request body`, what: 'request body no longer required' });
    for (const [mediaType, media] of Object.entries(oldBody?.content ?? {})) {
      const newMedia = newBody?.content?.[mediaType];
      if (!newMedia) breaking.push({ where: `${name} request body`, what: `media type no longer accepted: ${mediaType}` });
      else compareSchemas(context, media.schema, newMedia.schema, 'request', `${name} request ${mediaType}`);
    }
    for (const mediaType of Object.keys(newBody?.content ?? {})) {
      if (!(mediaType in (oldBody?.content ?? {})))
        additions.push({ where: `${name} request body`, what: `media type now accepted: ${mediaType}` });
    }

    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const newResponse = newOperation.responses?.[status];
      if (!newResponse) {
        if (statusClass(status) === 'success') breaking.push({ where: `${name} ${status}`, what: 'success response removed' });
        else additions.push({ where: `${name} ${status}`, what: 'error response removed' });
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
      if (status in (operation.responses ?? {})) continue;
      if (statusClass(status) === 'success') {
        breaking.push({ where: `${name} ${status}`, what: 'success response added (clients expect the old one)' });
      } else additions.push({ where: `${name} ${status}`, what: 'error response added' });
    }
  }

  // Whatever the checks above do not name still needs its bump: a rule that changed elsewhere
  // (a keyword they do not compare, an unused operation's detail) is an addition; a change that
  // leaves every rule as it was (descriptions, examples) is a patch.
  const patches = [];
  const oldRules = rulesOf(oldDoc);
  const newRules = rulesOf(newDoc);
  if (!breaking.length && !additions.length && JSON.stringify(oldRules) !== JSON.stringify(newRules)) {
    for (const where of differences(oldRules, newRules)) additions.push({ where, what: 'rule changed' });
  } else if (JSON.stringify(oldRules) === JSON.stringify(newRules)) {
    const oldAll = canonical(oldDoc);
    const newAll = canonical(newDoc);
    for (const where of differences(oldAll, newAll)) patches.push({ where, what: 'description or example changed' });
  }
  return { breaking, additions, patches };
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

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Whether info.version goes with the changes ({ breaking, additions, patches }: how many of
 * each). It never goes back; a breaking change needs a higher major version, an addition a
 * higher minor (or major) one, and a patch any higher version. Pre-releases promise nothing:
 * from a pre-release, its later pre-releases and its release may change anything, except that
 * a breaking change needs a pre-release of a major version (`2.0.0-draft.1`), so drafts of one
 * major version may break each other until it is released. Returns the problems found.
 */
export function versionProblems(oldText, newText, { breaking = 0, additions = 0, patches = 0 } = {}) {
  const before = parseVersion(oldText);
  const after = parseVersion(newText);
  if (!after) return [`info.version ${JSON.stringify(newText)} is not a semantic version (MAJOR.MINOR.PATCH[-pre])`];
  if (!before) return [];
  if (compareVersions(after, before) < 0) return [`info.version went back: ${oldText} -> ${newText}`];
  const bump = `(${oldText} -> ${newText})`;
  const sameRelease = after.major === before.major && after.minor === before.minor && after.patch === before.patch;
  const majorDraft = before.minor === 0 && before.patch === 0;
  if (breaking && after.major === before.major && !(before.prerelease.length && sameRelease && majorDraft)) {
    return [
      `${plural(breaking, 'breaking change')} without a major bump of info.version ${bump}: ` +
        `make it ${before.major + 1}.0.0, or ${before.major + 1}.0.0-draft.1 while the next major version is prepared`,
    ];
  }
  if (before.prerelease.length && sameRelease) return [];
  if (additions && after.major === before.major && after.minor === before.minor) {
    return [`${plural(additions, 'addition')} without a minor bump of info.version ${bump}: make it ${before.major}.${before.minor + 1}.0`];
  }
  if (patches && sameRelease) {
    return [
      `the descriptions or examples changed without a bump of info.version ${bump}: ` +
        `make it ${before.major}.${before.minor}.${before.patch + 1}`,
    ];
  }
  return [];
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
 * { oldVersion, newVersion, breaking, additions, patches, problems }.
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
    const { breaking, additions, patches } = diffContracts(oldDoc, newDoc);
    const oldVersion = oldDoc.info?.version;
    const newVersion = newDoc.info?.version;
    const problems = versionProblems(oldVersion, newVersion, {
      breaking: breaking.length,
      additions: additions.length,
      patches: patches.length,
    });
    return { ref, sha, oldVersion, newVersion, breaking, additions, patches, problems };
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
  const { oldVersion, newVersion, breaking, additions, patches, problems } = result;
  console.log(`contract:diff: openapi/ at ${ref} (${result.sha.slice(0, 7)}, ${oldVersion}) -> work tree (${newVersion})`);
  for (const change of breaking) console.log(`  BREAKING  ${change.where}: ${change.what}`);
  for (const change of additions) console.log(`  added     ${change.where}: ${change.what}`);
  for (const change of patches) console.log(`  patched   ${change.where}: ${change.what}`);
  if (!breaking.length && !additions.length && !patches.length) console.log('  no change');
  for (const problem of problems) console.error(`contract:diff: ${problem}`);
  if (problems.length) return 1;
  const changed = breaking.length || additions.length || patches.length;
  console.log(
    `contract:diff: ${plural(breaking.length, 'breaking change')}, ${plural(additions.length, 'addition')}` +
      (patches.length ? ', descriptions or examples changed' : '') +
      (changed ? `, covered by info.version ${oldVersion} -> ${newVersion}` : ''),
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv);
