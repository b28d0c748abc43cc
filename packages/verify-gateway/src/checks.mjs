// Checks one answer against the strict contract and HTTP's own rules, and says what is wrong as
// violations a gateway team can act on: where (the status, a header, a JSON pointer into the
// body), what, and the expected and received values.
import { parse as parseContentType } from 'content-type';
import { parseString as parseSetCookie } from 'set-cookie-parser';
import { resolveRef } from './openapi-document.mjs';
import { declaredResponse, declaredStatuses, fragmentOf, SECRET_NAME } from './contract.mjs';
import { MASK, maskJson, maskSecrets } from './redact.mjs';

/**
 * @typedef {object} Violation
 * @property {'transport' | 'protocol' | 'status' | 'media-type' | 'header' | 'cookie' | 'schema' | 'journey' | 'access' | 'same-answer' | 'throttling'} rule
 *   `journey`: what a step of a stateful sequence expects beyond the contract (a signed-out token
 *   refused); `access`: who may call what (src/access.mjs); `same-answer`: a known and an unknown
 *   identifier answered alike (src/same-answer.mjs); `throttling`: the declared quota (src/limits.mjs)
 * @property {string} where `status`, `connection`, `header Content-Type`, `body /data/email`...
 * @property {string} [pointer] the JSON pointer into the body, for a violation in the body (`` is the whole body)
 * @property {string} message what is wrong
 * @property {string} [expected]
 * @property {string} [received]
 */

/**
 * What a request expects of its answer: `success` a declared 2xx (the contract's own examples);
 * `declared` a declared status below 500 (a valid generated request, a step of a journey: a
 * declared refusal passes, a server error does not); `client-error` a declared 4xx with a
 * conforming body (an invalid request, which must never get a 2xx or a 5xx).
 *
 * @typedef {'success' | 'declared' | 'client-error'} Expectation
 */

/** At most this many schema violations per answer, then a count of the rest. */
const MAX_SCHEMA_VIOLATIONS = 8;
const BODILESS = new Set([204, 304]);

/**
 * A value as a violation shows it: JSON, masked when secret (the whole value by its key, its
 * secret-named fields at any depth, known secrets anywhere), then cut at 80 characters: a secret
 * cut first would leave its start unmasked.
 */
export function showValue(value, { key = '', secrets = [] } = {}) {
  if (value === undefined) return 'absent';
  if (SECRET_NAME.test(key)) return MASK;
  const text = maskSecrets(JSON.stringify(maskJson(value)) ?? String(value), secrets);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A violation as one line of text: where, what, expected and received. */
export function describeViolation(violation) {
  const values = [
    violation.expected !== undefined ? `expected: ${violation.expected}` : '',
    violation.received !== undefined ? `received: ${violation.received}` : '',
  ].filter(Boolean);
  return `${violation.where}: ${violation.message}${values.length ? ` (${values.join('; ')})` : ''}`;
}

const bodyWhere = (pointer) => `body ${pointer || '(root)'}`;
const lastKey = (pointer) => pointer.split('/').at(-1)?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';

function schemaLabel(schema) {
  const type = [schema?.type ?? 'any'].flat().join(' or ');
  const details = [
    schema?.format && `format ${schema.format}`,
    schema?.pattern && `pattern ${schema.pattern}`,
    schema?.enum && `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`,
  ].filter(Boolean);
  return details.length ? `${type} (${details.join(', ')})` : type;
}

/**
 * ajv's errors with each failed `anyOf`/`oneOf` narrowed to its closest branch (the one with the
 * fewest errors, the first on a tie): an answer meant as the success shape with one bad field
 * reads as that field, not as also failing to be the business failure.
 *
 * ajv's `schemaPath` restarts at a `$ref`, so a branch that is a `$ref` cannot be told from its
 * path. Each branch is validated again on its own instead (its fragment found from the union's
 * schema object, which verbose errors carry). ajv lists a failed union's branch errors, branch
 * after branch, right before the union's own error: that block is replaced by the closest
 * branch's errors, themselves narrowed. Should the block not match the branches' errors (another
 * ajv), the errors are kept as they are.
 *
 * @param {import('./contract.mjs').Contract} contract
 * @param {import('ajv').ErrorObject[]} errors
 * @returns {import('ajv').ErrorObject[]}
 */
function closestBranches(contract, errors) {
  const kept = [];
  let index = errors.length - 1;
  while (index >= 0) {
    const union = errors[index];
    const branches = union.keyword === 'anyOf' || union.keyword === 'oneOf' ? branchErrors(contract, union) : undefined;
    const size = branches?.reduce((total, branch) => total + branch.length, 0) ?? 0;
    const block = errors.slice(index - size, index);
    const sameAs = (error, other) => error.keyword === other.keyword && error.instancePath === other.instancePath;
    if (!branches || index - size < 0 || !branches.flat().every((error, at) => sameAs(error, block[at]))) {
      kept.unshift(union);
      index -= 1;
      continue;
    }
    const [closest] = branches.map((branch) => closestBranches(contract, branch)).sort((a, b) => a.length - b.length);
    // No branch with errors: a `oneOf` that more than one branch matches; its own error says so.
    kept.unshift(...(closest.length ? closest : [union]));
    index -= size + 1;
  }
  return kept;
}

/** The errors of each branch of a failed union, validated on its own, their paths from the answer's root. */
function branchErrors(contract, union) {
  const at = contract.fragmentOfNode(union.parentSchema);
  if (at === undefined || !Array.isArray(union.schema)) return undefined;
  return union.schema.map((_, branch) => {
    const validate = contract.validatorAt(`${at}/${union.keyword}/${branch}`);
    return validate(union.data)
      ? []
      : validate.errors.map((error) => ({ ...error, instancePath: `${union.instancePath}${error.instancePath}` }));
  });
}

/**
 * ajv's errors (compiled with `verbose` by the contract's `validatorAt`) as violations, each union
 * narrowed to its closest branch.
 * @param {import('./contract.mjs').Contract} contract
 * @param {import('ajv').ErrorObject[] | null | undefined} errors
 * @param {string[]} [secrets]
 */
export function schemaViolations(contract, errors, secrets = []) {
  const violations = [];
  for (const error of closestBranches(contract, errors ?? [])) {
    let pointer = error.instancePath;
    let message;
    let expected;
    let received = showValue(error.data, { key: lastKey(pointer), secrets });
    const { params, parentSchema } = error;
    switch (error.keyword) {
      case 'oneOf':
        // Left by closestBranches only when more than one branch matched.
        message = 'matches more than one of the alternatives';
        expected = 'exactly one';
        break;
      case 'anyOf':
        continue; // the branches' own errors say more
      case 'unevaluatedProperties':
      case 'additionalProperties': {
        const property = params.unevaluatedProperty ?? params.additionalProperty;
        pointer = `${pointer}/${String(property).replace(/~/g, '~0').replace(/\//g, '~1')}`;
        message = `unknown property "${property}"`;
        expected = 'absent (not in the contract)';
        received = showValue(error.data?.[property], { key: property, secrets });
        break;
      }
      case 'required':
        pointer = `${pointer}/${String(params.missingProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`;
        message = `missing required property "${params.missingProperty}"`;
        expected = 'present';
        received = 'absent';
        break;
      case 'type':
        message = 'wrong type';
        expected = schemaLabel(parentSchema);
        break;
      case 'format':
        message = 'wrong format';
        expected = schemaLabel(parentSchema);
        break;
      case 'enum':
        message = 'not one of the allowed values';
        expected = `one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
        break;
      case 'const':
        message = 'wrong value';
        expected = JSON.stringify(params.allowedValue);
        break;
      case 'pattern':
        message = 'does not match the pattern';
        expected = `string matching ${params.pattern}`;
        break;
      case 'minLength':
      case 'maxLength':
        message = error.keyword === 'minLength' ? 'too short' : 'too long';
        expected = `${error.keyword === 'minLength' ? 'at least' : 'at most'} ${params.limit} characters`;
        received = `${received} (${[...String(error.data)].length} characters)`;
        break;
      case 'minItems':
      case 'maxItems':
        message = error.keyword === 'minItems' ? 'too few items' : 'too many items';
        expected = `${error.keyword === 'minItems' ? 'at least' : 'at most'} ${params.limit} items`;
        received = `${error.data?.length} items`;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        message = 'out of range';
        expected = `${params.comparison} ${params.limit}`;
        break;
      default:
        message = error.message ?? error.keyword;
        expected = JSON.stringify(error.schema);
    }
    const violation = { rule: 'schema', where: bodyWhere(pointer), pointer, message, expected, received };
    if (!violations.some((seen) => describeViolation(seen) === describeViolation(violation))) violations.push(violation);
  }
  if (violations.length === 0 && errors?.length) {
    const [error] = errors;
    violations.push({
      rule: 'schema',
      where: bodyWhere(error.instancePath),
      pointer: error.instancePath,
      message: error.message ?? error.keyword,
      received: showValue(error.data, { secrets }),
    });
  }
  if (violations.length <= MAX_SCHEMA_VIOLATIONS) return violations;
  const rest = violations.length - MAX_SCHEMA_VIOLATIONS;
  return [
    ...violations.slice(0, MAX_SCHEMA_VIOLATIONS),
    { rule: 'schema', where: 'body', message: `${rest} more schema violation${rest === 1 ? '' : 's'}` },
  ];
}

/** The `errors[].code` values of a JSON answer, for notes and messages. */
export function errorCodes(body) {
  const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
  return errors.map((item) => item?.code).filter((code) => typeof code === 'string');
}

function contentTypeOf(answer) {
  const header = answer.headers['content-type'];
  if (header === undefined) return { header };
  try {
    const parsed = parseContentType(String(header));
    return { header, type: parsed.type, charset: parsed.parameters.charset?.toLowerCase() };
  } catch {
    return { header, malformed: true };
  }
}

/** An answer's body as JSON, or undefined (no body, not JSON). */
export const answerJson = (answer) => (answer.body ? parseJson(answer.body.toString('utf8')) : undefined);

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isJson = (type) => type === 'application/json' || /\+json$/.test(type ?? '');
const isText = (type) => /^text\//.test(type ?? '');

/**
 * HTTP's own rules, whatever the contract says: no body on 204 and 304, no bytes beyond the
 * answer's framing (Content-Length or chunks), the connection closed as asked, a Content-Type
 * on every body, and JSON and text in UTF-8: `application/json` with `charset=utf-8` or no
 * charset (JSON is UTF-8, RFC 8259), text with `charset=utf-8`, or without a charset only when
 * the body is ASCII (RFC 6657: text/plain defaults to US-ASCII). The portal decodes UTF-8.
 */
function protocolViolations(answer) {
  const violations = [];
  const { status, headers } = answer;
  const length = headers['content-length'];
  if (BODILESS.has(status)) {
    if (answer.trailingBytes > 0 || answer.wireBytes > 0)
      violations.push({
        rule: 'protocol',
        where: 'body',
        message: `a ${status} answer carries a body`,
        expected: 'no body (RFC 9110)',
        received: `${answer.trailingBytes + answer.wireBytes} bytes`,
      });
    if (status === 204 && length !== undefined && length !== '0')
      violations.push({
        rule: 'protocol',
        where: 'header Content-Length',
        message: 'a 204 answer announces a body',
        expected: 'no Content-Length (RFC 9110 §8.6)',
        received: length,
      });
    if (headers['transfer-encoding'] !== undefined)
      violations.push({
        rule: 'protocol',
        where: 'header Transfer-Encoding',
        message: `a ${status} answer announces a body`,
        expected: 'no Transfer-Encoding (RFC 9112 §6.1)',
        received: String(headers['transfer-encoding']),
      });
  } else if (answer.trailingBytes > 0) {
    violations.push({
      rule: 'protocol',
      where: 'body',
      message: 'bytes follow the end of the answer',
      expected: length !== undefined ? `${length} bytes, as Content-Length says` : 'nothing after the last chunk',
      received: `${answer.trailingBytes} more bytes`,
    });
  }
  if (answer.keptOpen)
    violations.push({
      rule: 'protocol',
      where: 'connection',
      message: 'the gateway kept the connection open after the answer, though the request asked it to close it',
      expected: 'the connection closed (Connection: close, RFC 9112 §9.6)',
      received: 'open until the deadline',
    });
  if (answer.failure || answer.body.length === 0) return violations;

  const contentType = contentTypeOf(answer);
  if (contentType.header === undefined || contentType.malformed) {
    violations.push({
      rule: 'protocol',
      where: 'header Content-Type',
      message: contentType.malformed ? 'malformed Content-Type' : 'a body without a Content-Type',
      expected: 'a media type the contract declares',
      received: contentType.malformed ? JSON.stringify(contentType.header) : 'absent',
    });
    return violations;
  }
  const { type, charset } = contentType;
  if (!isJson(type) && !isText(type)) return violations;
  const ascii = answer.body.every((byte) => byte < 0x80);
  if (isJson(type) && charset !== undefined && charset !== 'utf-8')
    violations.push({
      rule: 'protocol',
      where: 'header Content-Type',
      message: 'JSON in a charset other than UTF-8',
      expected: 'charset=utf-8 or no charset (RFC 8259 §8.1)',
      received: String(contentType.header),
    });
  if (isText(type) && (charset === undefined ? !ascii : charset !== 'utf-8'))
    violations.push({
      rule: 'protocol',
      where: 'header Content-Type',
      message: charset === undefined ? 'non-ASCII text without a charset' : 'text in a charset other than UTF-8',
      expected: 'charset=utf-8 (or no charset for an ASCII body)',
      received: String(contentType.header),
    });
  if (answer.body[0] === 0xef && answer.body[1] === 0xbb && answer.body[2] === 0xbf)
    violations.push({
      rule: 'protocol',
      where: 'body',
      message: 'the body starts with a byte order mark',
      expected: 'no byte order mark (RFC 8259 §8.1)',
      received: 'EF BB BF',
    });
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(answer.body);
  } catch {
    violations.push({
      rule: 'protocol',
      where: 'body',
      message: 'the body is not valid UTF-8',
      expected: 'UTF-8',
      received: 'invalid byte sequences',
    });
  }
  return violations;
}

const SAME_SITE_PROTECTS = new Set(['strict', 'lax']);
/** Cookie names that say "credential"; the anti-forgery cookie is meant to be read by script. */
const CREDENTIAL_COOKIE = /auth|token|sess|sid|jwt|bearer|login|credential|remember/i;
const ANTI_FORGERY_COOKIE = /^(x-)?(xsrf|csrf)/i;

/** A Set-Cookie line in canonical form: attribute names as RFC 6265 writes them, in a fixed order. */
function canonicalCookie(cookie) {
  const attributes = [
    cookie.path !== undefined && `Path=${cookie.path}`,
    cookie.domain !== undefined && `Domain=${cookie.domain}`,
    cookie.expires !== undefined && `Expires=${cookie.expires.toUTCString()}`,
    cookie.maxAge !== undefined && `Max-Age=${cookie.maxAge}`,
    cookie.secure && 'Secure',
    cookie.httpOnly && 'HttpOnly',
    cookie.sameSite !== undefined && `SameSite=${cookie.sameSite.charAt(0).toUpperCase()}${cookie.sameSite.slice(1).toLowerCase()}`,
    cookie.partitioned && 'Partitioned',
  ].filter(Boolean);
  return [`${cookie.name}=${cookie.value}`, ...attributes].join('; ');
}

/**
 * Cookies: the contract declares each cookie the gateway may set as a `Set-Cookie` response
 * header (openapi/cookies.yaml); any other cookie fails, and so does a declared one whose line
 * does not match its schema. A cookie that carries a credential (by its name, or because its
 * value is the session token or another secret the kit holds) must be `HttpOnly`, `Secure` and
 * `SameSite=Strict` or `Lax`, declared or not.
 */
function cookieViolations(contract, declared, answer, secrets) {
  const violations = [];
  const headers = declared?.response.headers ?? {};
  const declaredName = Object.keys(headers).find((name) => name.toLowerCase() === 'set-cookie');
  for (const line of answer.setCookie) {
    const cookie = parseSetCookie(line, { decodeValues: false });
    const credential =
      (CREDENTIAL_COOKIE.test(cookie.name) && !ANTI_FORGERY_COOKIE.test(cookie.name)) ||
      secrets.some((secret) => secret.length >= 8 && cookie.value.includes(secret));
    const shown = maskSecrets(credential && cookie.value ? line.replace(cookie.value, MASK) : line, secrets);
    const where = 'header Set-Cookie';
    if (!declaredName) {
      violations.push({
        rule: 'cookie',
        where,
        message: `cookie "${cookie.name}" is not declared`,
        expected: 'no cookie: the contract declares none on this answer',
        received: shown,
      });
    } else {
      const validate = contract.validatorAt(`${fragmentOf(contract.document, [...declared.keys, 'headers', declaredName])}/schema`);
      if (!validate(canonicalCookie(cookie))) {
        const schema = resolveRef(contract.document, headers[declaredName]).schema;
        violations.push({
          rule: 'cookie',
          where,
          message: `cookie "${cookie.name}" is not the one declared, or lacks its attributes`,
          expected: `a line matching ${schema?.pattern ?? 'the declared schema'}`,
          received: shown,
        });
      }
    }
    if (credential) {
      const missing = [
        !cookie.httpOnly && 'HttpOnly',
        !cookie.secure && 'Secure',
        !SAME_SITE_PROTECTS.has(String(cookie.sameSite).toLowerCase()) && 'SameSite=Strict or Lax',
      ].filter(Boolean);
      if (missing.length)
        violations.push({
          rule: 'cookie',
          where,
          message: `cookie "${cookie.name}" carries a credential without ${missing.join(', ')}`,
          expected: 'HttpOnly; Secure; SameSite=Strict or Lax',
          received: shown,
        });
    }
  }
  return violations;
}

/** The headers the declared response names: present when required, and valid against their schemas. */
function headerViolations(contract, declared, answer, secrets) {
  const violations = [];
  for (const [name, header] of Object.entries(declared.response.headers ?? {})) {
    const lower = name.toLowerCase();
    // Content-Type is the media type's business; cookies have their own rules.
    if (lower === 'content-type' || lower === 'set-cookie') continue;
    const resolved = resolveRef(contract.document, header);
    const value = answer.headers[lower];
    if (value === undefined) {
      if (resolved.required)
        violations.push({
          rule: 'header',
          where: `header ${name}`,
          message: 'missing required header',
          expected: 'present',
          received: 'absent',
        });
      continue;
    }
    if (!resolved.schema) continue;
    const text = [value].flat().join(', ');
    const validate = contract.validatorAt(`${fragmentOf(contract.document, [...declared.keys, 'headers', name])}/schema`);
    const number = Number(text);
    if (validate(text) || (text.trim() !== '' && Number.isFinite(number) && validate(number))) continue;
    violations.push({
      rule: 'header',
      where: `header ${name}`,
      message: 'does not match its schema',
      expected: schemaLabel(resolveRef(contract.document, resolved.schema)),
      received: showValue(text, { key: name, secrets }),
    });
  }
  return violations;
}

/**
 * @typedef {object} Verdict
 * @property {Violation[]} violations none when the answer conforms
 * @property {string} [note] worth showing beside a pass (a business error's code)
 * @property {unknown} [body] the parsed JSON body (or the text), for a caller that carries values into the next request
 */

/**
 * Checks one answer against the operation it answers: the transport, HTTP's rules, the status
 * (declared, and what the request expects), cookies, declared headers, the media type and the
 * body against the strict schema. The seam for every kind of request the kit sends.
 *
 * @param {import('./contract.mjs').Contract} contract
 * @param {import('./contract.mjs').Entry} entry
 * @param {import('./transport.mjs').Answer} answer
 * @param {{ expect?: Expectation, secrets?: string[] }} [options]
 * @returns {Verdict}
 */
export function checkAnswer(contract, entry, answer, { expect = 'success', secrets = [] } = {}) {
  const violations = [];
  if (answer.failure) violations.push({ rule: 'transport', where: 'connection', message: answer.failure });
  if (answer.status === null) return { violations };
  const { status } = answer;

  const text = answer.body.toString('utf8');
  const json = parseJson(text);
  const { type } = contentTypeOf(answer);
  const body = isJson(type) ? json : text;
  const codes = errorCodes(json);
  const statusText = `${status}${codes.length ? ` (${codes.join(', ')})` : ''}`;
  const location =
    /^3/.test(String(status)) && answer.headers.location
      ? `, redirecting to ${maskSecrets(String(answer.headers.location), secrets)} (not followed)`
      : '';

  violations.push(...protocolViolations(answer));
  const declared = declaredResponse(contract, entry, status);
  violations.push(...cookieViolations(contract, declared, answer, secrets));
  if (!declared) {
    violations.push({
      rule: 'status',
      where: 'status',
      message: 'a status the operation does not declare',
      expected: `one of ${declaredStatuses(entry.operation).join(', ')}`,
      received: `${statusText}${location}`,
    });
    return { violations, body };
  }
  const success = /^2/.test(String(status));
  const clientError = /^4/.test(String(status));
  if (expect === 'success' && !success)
    violations.push({
      rule: 'status',
      where: 'status',
      message: 'not a success, to a request the contract accepts',
      expected: declaredStatuses(entry.operation)
        .filter((key) => /^2/.test(key))
        .join(' or '),
      received: `${statusText}${location}`,
    });
  if (expect === 'declared' && status >= 500)
    violations.push({
      rule: 'status',
      where: 'status',
      message: 'a server error, to a request the contract accepts',
      expected: `a declared status below 500: ${declaredStatuses(entry.operation)
        .filter((key) => !/^5/.test(key))
        .join(', ')}`,
      received: `${statusText}${location}`,
    });
  if (expect === 'client-error' && !clientError)
    violations.push({
      rule: 'status',
      where: 'status',
      message: 'not the error answer, to a request the contract refuses',
      expected:
        declaredStatuses(entry.operation)
          .filter((key) => /^4/.test(key))
          .join(' or ') || 'a declared 4xx',
      received: `${statusText}${location}`,
    });
  violations.push(...headerViolations(contract, declared, answer, secrets));
  if (answer.failure) return { violations, body };

  const content = declared.response.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) {
    if (answer.body.length > 0)
      violations.push({
        rule: 'media-type',
        where: 'body',
        message: `status ${status} has no body in the contract`,
        expected: 'no body',
        received: `${answer.body.length} bytes`,
      });
    return { violations, body };
  }
  const mediaType = mediaTypes.find((candidate) => candidate === type);
  if (!mediaType) {
    violations.push({
      rule: 'media-type',
      where: 'header Content-Type',
      message: 'a media type the contract does not answer',
      expected: mediaTypes.join(' or '),
      received: answer.headers['content-type'] === undefined ? 'absent' : JSON.stringify(answer.headers['content-type']),
    });
    return { violations, body };
  }
  if (isJson(mediaType) && body === undefined) {
    violations.push({
      rule: 'schema',
      where: bodyWhere(''),
      pointer: '',
      message: 'the body is not JSON',
      expected: 'JSON',
      received: showValue(text, { secrets }),
    });
    return { violations, body };
  }
  const validate = contract.validatorAt(`${fragmentOf(contract.document, [...declared.keys, 'content', mediaType])}/schema`);
  if (!validate(body)) violations.push(...schemaViolations(contract, validate.errors, secrets));
  // The contract: a non-empty `errors` list means the call failed. An error status that lists
  // none leaves the portal nothing to show.
  if (status >= 400 && Array.isArray(/** @type {any} */ (body)?.errors) && /** @type {any} */ (body).errors.length === 0)
    violations.push({
      rule: 'schema',
      where: bodyWhere('/errors'),
      pointer: '/errors',
      message: 'an error answer that lists no error',
      expected: 'at least one { code, description }',
      received: '[]',
    });
  const note = codes.length && violations.length === 0 ? `business error ${codes.join(', ')}` : undefined;
  return { violations, note, body };
}
