import { findOperation } from '@signin-portal/verify-gateway/operation-matcher';
import type { ResponseSchema, SchemaResult } from '../common/schema-check';
import { ApiError, type ApiErrorItem, type ApiErrorKind } from './api-error';

/*
 * The only caller of fetch. Every generated hook goes through `apiClient`.
 *
 * This file must not import from generated/: orval parses it while generating, before that
 * code exists, and silently drops the hooks' typed `request` option when an import is
 * missing. The operation table comes in through `configureApiClient` instead, built by
 * `buildOperations` (operation-table.ts) from the rows codegen writes.
 */

export type OperationSecurity = 'basic' | 'token' | 'none';

export type ResponseKind = 'json' | 'text' | 'empty';

export interface ApiOperation {
  readonly operationId: string;
  /** Upper case, as the client reports a request's method. */
  readonly method: string;
  /** The contract's path template, e.g. `/login-gateway/user/{userId}/contact`. */
  readonly path: string;
  readonly security: OperationSecurity;
  readonly responseKind: ResponseKind;
  /** Loads the 2xx JSON answer's schema; undefined for text and empty answers. */
  readonly loadResponseSchema: (() => Promise<ResponseSchema>) | undefined;
}

interface ApiClientConfig {
  /** The operations known from the start (the first screen's), looked up first. */
  readonly operations: readonly ApiOperation[];
  /** Every operation of the contract, loaded by the first call that is not among `operations`. */
  readonly loadOperations: () => Promise<readonly ApiOperation[]>;
  /** Deadline for one call, response body included. */
  readonly timeoutMs: number;
  readonly readAuthToken: () => string | null;
  readonly readXsrfToken: () => string | null;
  /** The basic `Authorization` of a sign-in in progress, sent only on the sign-in calls. */
  readonly readBasicAuthorization: () => string | null | Promise<string | null>;
}

let config: ApiClientConfig = {
  operations: [],
  loadOperations: async () => [],
  timeoutMs: 30_000,
  readAuthToken: () => null,
  readXsrfToken: () => null,
  readBasicAuthorization: () => null,
};

/**
 * The whole table, once a call has loaded it: from then on each call finds its operation and is
 * sent in the task it is made in, so the calls a step makes together leave together (waiting for
 * the table's module again would let an answer to one of them in before the others are sent).
 */
let loadedOperations: readonly ApiOperation[] = [];

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
  if (next.loadOperations) loadedOperations = [];
}

/** orval types every hook's error with this: all failures are an {@link ApiError}. */
// The type parameter is the contract's error body, which orval passes; every failure is an ApiError.
export type ErrorType<_Body> = ApiError;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

type ApiErrorListener = (error: ApiError, operation: ApiOperation | undefined) => void;
const errorListeners = new Set<ApiErrorListener>();

/**
 * Calls the listener with every {@link ApiError} any call throws (after the caller's own
 * handling is set up), so the app can apply the spec's HTTP error rules in one place.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

let inFlight = 0;
const inFlightListeners = new Set<() => void>();

/** How many gateway calls are under way (the loading bar's state). */
export function callsInFlight(): number {
  return inFlight;
}

/** Calls the listener whenever a gateway call starts or ends. */
export function onCallsInFlight(listener: () => void): () => void {
  inFlightListeners.add(listener);
  return () => inFlightListeners.delete(listener);
}

function countInFlight(change: 1 | -1): void {
  inFlight += change;
  for (const listener of inFlightListeners) listener();
}

/** A percent-encoded slash, dot or backslash, or an encoded `%` (a doubly encoded one): a hidden separator. */
const ENCODED_SEPARATOR = /%(2f|2e|5c|25)/i;

/**
 * Why an address is refused before anything is sent, or null when it is sound. The generated
 * hooks put path parameters into the path unencoded, so a parameter holding `/`, `..`, `\`, `?`,
 * `#` or an encoded separator would make the browser call another path than the operation's,
 * with the session token. What the hooks build is `/path` or `/path?query` (the query from
 * URLSearchParams), so any difference between that raw address and its normalised form is one.
 */
function refusedAddress(url: string, target: URL): string | null {
  if (target.origin !== window.location.origin) return 'not a gateway address';
  const relative = url.startsWith(`${target.origin}/`) ? url.slice(target.origin.length) : url;
  if (relative.includes('#')) return 'a fragment in the address';
  const queryAt = relative.indexOf('?');
  const rawPath = queryAt < 0 ? relative : relative.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : relative.slice(queryAt + 1);
  // The URL parser resolves dot segments (encoded ones too), turns backslashes into slashes and
  // drops or encodes other characters; it keeps empty segments and encoded slashes as they are.
  if (rawPath !== target.pathname || rawPath.includes('//') || ENCODED_SEPARATOR.test(rawPath)) {
    return 'the path is not in normal form';
  }
  // A `?` or `/` in the query means a path parameter carried the rest of the path into it.
  if (new URLSearchParams(rawQuery).toString() !== rawQuery) return 'the query is not one URLSearchParams builds';
  return null;
}

function errorItemsOf(body: unknown): ApiErrorItem[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (item): item is ApiErrorItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Record<string, unknown>).code === 'string' &&
      typeof (item as Record<string, unknown>).description === 'string',
  );
}

function parseBody(text: string, contentType: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  if (!/[/+]json\b/i.test(contentType)) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function describeIssues(result: Extract<SchemaResult, { success: false }>): string {
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Calls the gateway and returns the response body, checked against the contract.
 * Sends `X-Auth-Token` when a token is held, `X-XSRF-TOKEN` on state-changing calls, and
 * basic auth on the sign-in call while credentials are held; only to the portal's own origin.
 *
 * @throws {ApiError} on any failure: HTTP status, non-empty `errors`, contract violation
 *   (including an address whose normalised path differs from the raw one, which is never sent),
 *   network failure or deadline. A cancellation by the caller's signal rethrows its reason.
 */
export const apiClient = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  const method = (init.method ?? 'GET').toUpperCase();
  const target = new URL(url, window.location.origin);
  const refusal = refusedAddress(url, target);
  // A refused address names no operation: its normalised path is not the one the caller built.
  let operation =
    refusal === null
      ? (findOperation(config.operations, method, target.pathname) ?? findOperation(loadedOperations, method, target.pathname))
      : undefined;
  // The session token as the call is made: a call belongs to the session it was made in, even
  // when the session ends while the operation table loads (it then goes with that token, not
  // without any).
  const token = config.readAuthToken();
  countInFlight(1);
  try {
    if (refusal === null && !operation) operation = await operationBeyondKnown(method, target.pathname);
    return await call<T>(method, target, init, operation, refusal, token);
  } catch (error) {
    if (error instanceof ApiError) for (const listener of errorListeners) listener(error, operation);
    throw error;
  } finally {
    countInFlight(-1);
  }
};

/** An operation the client did not know from the start: looked up in the whole table, loaded once. */
async function operationBeyondKnown(method: string, pathname: string): Promise<ApiOperation | undefined> {
  const load = config.loadOperations;
  let all: readonly ApiOperation[];
  try {
    all = await load();
  } catch (cause) {
    throw new ApiError({ kind: 'network', method, path: pathname, cause });
  }
  // Kept unless the client was given another table meanwhile.
  if (config.loadOperations === load) loadedOperations = all;
  return findOperation(all, method, pathname);
}

async function call<T>(
  method: string,
  target: URL,
  init: RequestInit,
  operation: ApiOperation | undefined,
  refusal: string | null,
  token: string | null,
): Promise<T> {
  const path = target.pathname;
  const fail = (
    kind: ApiErrorKind,
    extra: { status?: number; errors?: ApiErrorItem[]; retryAfter?: string | undefined; detail?: string; cause?: unknown } = {},
  ) => new ApiError({ kind, method, path, ...extra });

  if (refusal !== null) throw fail('contract', { detail: refusal });
  if (!operation) throw fail('contract', { detail: 'not in the contract' });

  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json, text/*;q=0.9');
  if (token) headers.set('X-Auth-Token', token);
  if (!SAFE_METHODS.has(method)) {
    const xsrf = config.readXsrfToken();
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  if (operation.security === 'basic') {
    const basic = await config.readBasicAuthorization();
    if (basic) headers.set('Authorization', basic);
  }

  const callerSignal = init.signal ?? undefined;
  // A call cancelled before it is sent (while the operation table loads, say) sends nothing.
  callerSignal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort);

  let status: number;
  let text: string;
  let contentType: string;
  let retryAfter: string | undefined;
  try {
    const response = await fetch(target.href, { ...init, method, headers, signal: controller.signal, credentials: 'same-origin' });
    status = response.status;
    contentType = response.headers.get('Content-Type') ?? '';
    retryAfter = response.headers.get('Retry-After') ?? undefined;
    text = await response.text();
  } catch (cause) {
    if (callerSignal?.aborted) throw callerSignal.reason ?? cause;
    throw fail(timedOut ? 'timeout' : 'network', { cause });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }

  const parsed = parseBody(text, contentType);
  if (status < 200 || status > 299) {
    throw fail('http', { status, errors: parsed.ok ? errorItemsOf(parsed.value) : [], retryAfter });
  }
  if (!parsed.ok) throw fail('contract', { status, detail: 'body is not valid JSON' });

  let body = parsed.value;
  if (operation.responseKind === 'empty' && text !== '') throw fail('contract', { status, detail: 'expected no body' });
  if (operation.responseKind === 'text' && (typeof body !== 'string' || !/^text\//i.test(contentType))) {
    throw fail('contract', { status, detail: 'expected a text body' });
  }
  if (operation.responseKind === 'json' && !/[/+]json\b/i.test(contentType)) throw fail('contract', { status, detail: 'expected JSON' });
  if (operation.loadResponseSchema) {
    const schema = await operation.loadResponseSchema();
    const result = schema.safeParse(body);
    if (!result.success) throw fail('contract', { status, detail: describeIssues(result) });
    body = result.data;
  }
  const errors = errorItemsOf(body);
  if (errors.length > 0) throw fail('business', { status, errors });
  return body as T;
}
