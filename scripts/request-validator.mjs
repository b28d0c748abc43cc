// Checks a request against its operation in the bundled contract, as a gateway that keeps the
// contract does before it acts: path, query and header parameters, the body's media type and
// JSON, and the body's schema (ajv through the kit's contract-validator). Shared by the mock's scenario
// layer, which answers a refused request with the contract's 400 (or 415), and the tests of the
// request generator, which prove its valid and invalid requests against the same rules.
import { contractAjv, describeErrors, pointer } from '@signin-portal/verify-gateway/contract-validator';
import { resolveRef } from '@signin-portal/verify-gateway/openapi-document';

/**
 * @typedef {object} RequestParts A request as the validator reads it.
 * @property {string} pathname The request path without query, still percent-encoded.
 * @property {URLSearchParams} query
 * @property {Record<string, string | string[] | undefined>} headers Names in lower case (as Node gives them).
 * @property {string} [bodyText] The raw body; empty or absent when none was sent.
 */

/**
 * @typedef {object} RequestVerdict
 * @property {string[]} problems Readable lines (`body/email: must match format "email"`); empty when the request is valid.
 * @property {400 | 415} [status] The status a gateway answers a refused request with: 415 for a
 *   body in a media type the operation does not take, when the operation declares 415; else 400.
 * @property {unknown} [body] The parsed JSON body, when there was one and it parsed.
 */

/** A parameter's value as its schema reads it: numbers and booleans arrive as text. */
function coerce(schema, text) {
  const types = [schema?.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}

function mediaTypeOf(header) {
  return String(header ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

const escapeKey = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A value of the bundle and the JSON pointer it lives at, its `$ref`s followed. */
export function locate(document, value, at) {
  let current = value;
  let place = at;
  while (current && typeof current.$ref === 'string') {
    place = current.$ref;
    current = place
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => node?.[key], document);
  }
  return { value: current, at: place };
}

/** The decoded values of a template's `{parameters}` in a path, or undefined when it does not fit. */
export function pathParameters(template, pathname) {
  const names = [];
  const source = template
    .split(/(\{[^{}/]+\})/)
    .map((part) => {
      if (/^\{[^{}/]+\}$/.test(part)) {
        names.push(part.slice(1, -1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
}

/**
 * A validator of requests for the operations of one bundle. Compiled schemas are kept by their
 * place in the bundle, so checking a request costs a lookup and the ajv run.
 * @param {object} document the bundled OpenAPI document (generated/openapi.json)
 * @returns {(entry: { path: string, method: string, operation: any }, request: RequestParts) => RequestVerdict}
 */
export function createRequestValidator(document) {
  const { validatorAt } = contractAjv(document);
  const compiled = new Map();
  // Compiled by their place in the bundle: ajv then resolves the bundle once, not per schema.
  const check = (at, value, where, problems) => {
    let validate = compiled.get(at);
    if (!validate) {
      validate = validatorAt(at);
      compiled.set(at, validate);
    }
    if (!validate(value))
      problems.push(...describeErrors(validate.errors).map((line) => `${where}${line.startsWith('(root)') ? line.slice(6) : line}`));
  };

  return (entry, request) => {
    const { operation } = entry;
    const here = (...keys) => pointer('paths', entry.path, entry.method.toLowerCase(), ...keys);
    const problems = [];
    const fromPath = pathParameters(entry.path, request.pathname) ?? {};
    for (const [index, raw] of (operation.parameters ?? []).entries()) {
      const { value: parameter, at } = locate(document, raw, here('parameters', index));
      const label = `${parameter.in} parameter ${parameter.name}`;
      let text;
      if (parameter.in === 'path') {
        try {
          text = fromPath[parameter.name] === undefined ? undefined : decodeURIComponent(fromPath[parameter.name]);
        } catch {
          problems.push(`${label}: broken percent-encoding`);
          continue;
        }
      } else if (parameter.in === 'query') {
        const values = request.query.getAll(parameter.name);
        if (values.length > 1 && ![parameter.schema?.type].flat().includes('array')) {
          problems.push(`${label}: given ${values.length} times`);
          continue;
        }
        text = values[0];
      } else if (parameter.in === 'header') {
        const value = request.headers[parameter.name.toLowerCase()];
        text = Array.isArray(value) ? value.join(', ') : value;
      } else continue;
      if (text === undefined) {
        if (parameter.required) problems.push(`${label}: missing`);
        continue;
      }
      if (parameter.schema !== undefined) check(`${at}/schema`, coerce(resolveRef(document, parameter.schema), text), label, problems);
    }

    let body;
    const { value: requestBody, at: bodyAt } = locate(document, operation.requestBody, here('requestBody'));
    const text = request.bodyText ?? '';
    if (requestBody?.content) {
      const contentType = request.headers['content-type'];
      if (text === '' && contentType === undefined) {
        if (requestBody.required) problems.push('body: missing');
      } else {
        const mediaType = mediaTypeOf(contentType);
        const media = requestBody.content[mediaType];
        if (!media) {
          problems.push(
            `body: content type ${JSON.stringify(contentType ?? '')} is not one the operation takes (${Object.keys(requestBody.content).join(', ')})`,
          );
          return { problems, status: operation.responses?.['415'] ? 415 : 400 };
        }
        if (/[/+]json$/.test(mediaType)) {
          try {
            body = JSON.parse(text);
          } catch {
            problems.push('body: not JSON');
            return { problems, status: 400 };
          }
        } else body = text;
        if (media.schema !== undefined) check(`${bodyAt}/content/${escapeKey(mediaType)}/schema`, body, 'body', problems);
      }
    }
    return problems.length ? { problems, status: 400, body } : { problems, body };
  };
}
