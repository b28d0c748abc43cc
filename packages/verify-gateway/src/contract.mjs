// The contract as the kit reads it: the strict variant of the bundle (contract-validator.mjs),
// its operations, what each declares for a status, validators for the schemas it names, and the
// requests its named examples make.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractAjv, pointer, strictVariant } from './contract-validator.mjs';
import { listOperations, resolveRef } from './openapi-document.mjs';

/** The bundle `npm pack` puts into the package (its prepack script), beside src/. */
const PACKED_CONTRACT_FILE = join(import.meta.dirname, '..', 'contract', 'openapi.json');
/** The repository's bundle, when the kit runs from its workspace (packages/verify-gateway/src/). */
const REPOSITORY_CONTRACT_FILE = join(import.meta.dirname, '..', '..', '..', 'generated', 'openapi.json');

/**
 * The contract checked against unless `--contract` names another: the one packed with the kit
 * when present (an installed tarball), else the repository's (the workspace, where the packed
 * copy is removed again after packing, so that it never goes stale).
 */
export const DEFAULT_CONTRACT_FILE = existsSync(PACKED_CONTRACT_FILE) ? PACKED_CONTRACT_FILE : REPOSITORY_CONTRACT_FILE;

/**
 * @typedef {{ path: string, method: string, operation: any }} Entry an operation of the contract
 */

/**
 * @typedef {object} Contract
 * @property {any} bundle the bundle as given (requests are generated from it)
 * @property {any} document the strict variant of the bundle
 * @property {string} version its info.version
 * @property {Entry[]} operations every operation, literal paths first
 * @property {Map<string, Entry>} byId the operations by operationId
 * @property {(fragment: string) => import('ajv').ValidateFunction} validatorAt a cached validator for
 *   the schema at a JSON pointer fragment of the bundle
 * @property {(node: object) => string | undefined} fragmentOfNode the JSON pointer fragment of a
 *   schema object of the strict document (as ajv's verbose errors hand it back)
 */

/**
 * The kit's view of a bundled contract: its strict variant, every object closed that the
 * contract does not leave open.
 *
 * @param {any} bundle the bundled OpenAPI document (generated/openapi.json)
 * @returns {Contract}
 */
export function loadContract(bundle) {
  const document = strictVariant(bundle);
  const ajv = contractAjv(document, { verbose: true });
  const validators = new Map();
  const operations = listOperations(document);
  /** @type {Map<object, string> | undefined} built on first use: most runs never need it */
  let fragments;
  return {
    bundle,
    document,
    version: String(document.info?.version ?? ''),
    operations,
    byId: new Map(operations.map((entry) => [entry.operation.operationId, entry])),
    validatorAt(fragment) {
      let validate = validators.get(fragment);
      if (!validate) {
        validate = ajv.validatorAt(fragment);
        validators.set(fragment, validate);
      }
      return validate;
    },
    fragmentOfNode(node) {
      if (!fragments) {
        const found = new Map();
        const visit = (value, fragment) => {
          if (!value || typeof value !== 'object' || found.has(value)) return;
          found.set(value, fragment);
          for (const [key, child] of Object.entries(value)) {
            // Examples are data, not schemas.
            if (key !== 'example' && key !== 'examples') visit(child, `${fragment}${pointer(key).slice(1)}`);
          }
        };
        visit(document, '#');
        fragments = found;
      }
      return fragments.get(node);
    },
  };
}

/** {@link loadContract} for a bundle file. */
export function readContract(file = DEFAULT_CONTRACT_FILE) {
  return loadContract(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The JSON pointer fragment of the node the keys lead to, following each `$ref` on the way, so a
 * validator compiles against the node where it is defined.
 */
export function fragmentOf(document, keys) {
  let fragment = '#';
  let node = document;
  for (const key of keys) {
    node = node?.[key];
    fragment = `${fragment}${pointer(key).slice(1)}`;
    while (node && typeof node.$ref === 'string') {
      fragment = node.$ref;
      node = resolveRef(document, { $ref: node.$ref });
    }
  }
  return fragment;
}

/** The security schemes an operation needs (`authToken`, `basicAuth`), none for public calls. */
export function securityOf(contract, operation) {
  return (operation.security ?? contract.document.security ?? []).flatMap((requirement) => Object.keys(requirement));
}

/** The statuses an operation lists (`default` is not a declaration). */
export function declaredStatuses(operation) {
  return Object.keys(operation.responses ?? {}).filter((key) => key !== 'default');
}

/**
 * What the contract declares for a status of an operation: the response's key (`200`, `4XX`),
 * the resolved response and the keys that lead to it; undefined when only `default` covers it.
 */
export function declaredResponse(contract, entry, status) {
  const responses = entry.operation.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => candidate in responses);
  if (!key) return undefined;
  return {
    key,
    response: resolveRef(contract.document, responses[key]),
    keys: ['paths', entry.path, entry.method.toLowerCase(), 'responses', key],
  };
}

function exampleOf(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named) return resolveRef(document, named).value;
  const schema = resolveRef(document, parameter.schema);
  if (schema?.examples?.length) return schema.examples[0];
  if (schema?.enum?.length) return schema.enum[0];
  return undefined;
}

/**
 * Names of headers, parameters and fields whose values are secrets: masked wherever the kit
 * prints a request or a value. One-time codes are `code`, `mfaCode` and `twilioMfaCode`; a
 * `countryCode` or `codeType` is not one.
 */
export const SECRET_NAME = /authorization|token|passw|secret|answer|captcha|(?:^|mfa|recovery)code$|cookie/i;
/** Schemas whose values are secrets whatever the parameter is called (the link token is `id` on one call). */
const SECRET_SCHEMA = /\/(LinkToken|MfaCode|Password|CaptchaResponse|TypedRecoveryCode)$/;

/** The Accept header of a request to an operation: the media types its responses declare. */
export function acceptOf(contract, entry) {
  const { document } = contract;
  const types = new Set(
    Object.values(entry.operation.responses ?? {}).flatMap((response) => Object.keys(resolveRef(document, response)?.content ?? {})),
  );
  return [...types].join(', ') || '*/*';
}

/**
 * @typedef {object} RequestTemplate a request to an operation, its URL relative to the gateway
 * @property {string | null} example the named request example, when the body has several
 * @property {string} method
 * @property {string} url the path and query, e.g. `/login-gateway/user/100245/contact`
 * @property {Record<string, string>} headers
 * @property {string} [body]
 * @property {string[]} [secrets] values to mask when the request is printed (the session's own are added)
 */

/**
 * One request per named example of the request body (or one request), as the contract's
 * examples make it; `params` gives path and query values instead of the examples'.
 *
 * @param {Contract} contract
 * @param {Entry} entry
 * @param {Record<string, string>} [params]
 * @returns {RequestTemplate[]}
 */
export function exampleRequests(contract, entry, params = {}) {
  const { document } = contract;
  const { path, method, operation } = entry;
  const parameters = (operation.parameters ?? []).map((parameter) => resolveRef(document, parameter));
  let url = path;
  const query = new URLSearchParams();
  const secrets = [];
  for (const parameter of parameters) {
    const given = params[parameter.name];
    const value = given ?? exampleOf(document, parameter);
    if (value === undefined) continue;
    if (SECRET_NAME.test(parameter.name) || SECRET_SCHEMA.test(parameter.schema?.$ref ?? '')) secrets.push(String(value));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    if (parameter.in === 'query' && (parameter.required || given !== undefined)) query.set(parameter.name, String(value));
  }
  if (query.size) url += `?${query}`;
  const headers = { Accept: acceptOf(contract, entry) };
  const media = resolveRef(document, operation.requestBody)?.content?.['application/json'];
  if (!media) return [{ example: null, method, url, headers, secrets }];
  const named = Object.entries(media.examples ?? {});
  if (!named.length) throw new Error(`${operation.operationId}: the request body has no named example`);
  return named.map(([name, example]) => ({
    example: named.length > 1 ? name : null,
    method,
    url,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(resolveRef(document, example).value),
    secrets,
  }));
}
