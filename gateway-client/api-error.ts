/** One business error from the gateway (the contract's `ErrorItem`). */
export interface ApiErrorItem {
  readonly code: string;
  readonly description: string;
}

/**
 * What went wrong with a gateway call:
 * - `http`: a non-2xx status (its `errors` list, when the body had one, is kept);
 * - `business`: a 2xx response whose `errors` list is non-empty (the spec's section 8);
 * - `contract`: a response that does not match the contract (wrong shape, not JSON, unknown call);
 * - `network`: no response at all (offline, refused, reset);
 * - `timeout`: no response within the call's deadline.
 */
export type ApiErrorKind = 'http' | 'business' | 'contract' | 'network' | 'timeout';

interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly errors?: readonly ApiErrorItem[];
  readonly retryAfter?: string | undefined;
  readonly detail?: string;
  readonly cause?: unknown;
}

/** The one error type every gateway call throws. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  /** The request path without its query string: query strings may carry tokens. */
  readonly path: string;
  readonly status: number | undefined;
  readonly errors: readonly ApiErrorItem[];
  /** An error status's `Retry-After` header as sent (seconds or an HTTP date), when it had one. */
  readonly retryAfter: string | undefined;

  constructor(init: ApiErrorInit) {
    super(
      `${init.method} ${init.path}: ${init.kind}${init.status === undefined ? '' : ` ${init.status}`}` +
        (init.detail ? ` (${init.detail})` : ''),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.retryAfter = init.retryAfter;
  }

  /** The error codes the gateway sent, in order. */
  get codes(): readonly string[] {
    return this.errors.map((item) => item.code);
  }
}

/** Whether a value is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
