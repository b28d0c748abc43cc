import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiClient, configureApiClient, onApiError } from '../../../../gateway-client/api-client';
import { ApiError } from '../../../../gateway-client/api-error';
import { buildOperations } from '../operation-table';

const thing = z.object({ name: z.string(), errors: z.array(z.object({ code: z.string(), description: z.string() })).optional() });

// Built as the app builds the generated table: rows of data, one module of response schemas.
const operations = buildOperations(
  [
    ['getThing', 'GET', '/gw/thing', 'token', 'json', 'things'],
    ['postThing', 'POST', '/gw/thing', 'token', 'json', 'things'],
    ['signIn', 'POST', '/gw/auth', 'basic', 'json', 'things'],
    ['status', 'GET', '/gw/status', 'none', 'text', null],
    ['remove', 'DELETE', '/gw/thing/{thingId}', 'token', 'empty', null],
    ['userThing', 'GET', '/gw/user/{userId}/thing', 'token', 'json', 'things'],
  ],
  { things: async () => ({ getThingResponse: thing, postThingResponse: thing, signInResponse: thing, userThingResponse: thing }) },
);

let token: string | null = null;
let xsrf: string | null = null;
const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: string, contentType = 'application/json') {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': contentType } }));
}

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

let basic: string | null = null;

beforeEach(() => {
  token = null;
  xsrf = null;
  basic = null;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({
    operations,
    loadOperations: async () => operations,
    timeoutMs: 1000,
    readAuthToken: () => token,
    readXsrfToken: () => xsrf,
    readBasicAuthorization: () => basic,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('apiClient', () => {
  it('returns the body parsed by the contract schema', async () => {
    respond(200, JSON.stringify({ name: 'a', extra: 'dropped' }));
    await expect(apiClient('/gw/thing')).resolves.toEqual({ name: 'a' });
  });

  it('returns a text body for a text response', async () => {
    respond(200, 'UP', 'text/plain');
    await expect(apiClient('/gw/status')).resolves.toBe('UP');
  });

  it('throws a contract error for a JSON call answered with text', async () => {
    respond(200, 'name=a', 'text/plain');
    expect((await failure(apiClient('/gw/thing'))).kind).toBe('contract');
  });

  it('throws a contract error for a text call answered with JSON', async () => {
    respond(200, '{"status":"UP"}');
    expect((await failure(apiClient('/gw/status'))).kind).toBe('contract');
  });

  it('throws a contract error for a call without a body answered with one', async () => {
    respond(200, '{"unexpected":true}');
    expect((await failure(apiClient('/gw/thing/7', { method: 'DELETE' }))).kind).toBe('contract');
  });

  it('returns undefined for an empty response without a schema', async () => {
    respond(204, '');
    await expect(apiClient('/gw/thing/7', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('sends X-Auth-Token only when a token is held', async () => {
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing');
    expect(sentHeaders().has('X-Auth-Token')).toBe(false);

    token = 'tok-1';
    fetchMock.mockReset();
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing');
    expect(sentHeaders().get('X-Auth-Token')).toBe('tok-1');
  });

  it('sends the token held when the call was made, even if the session ends while the table loads', async () => {
    let loaded = () => undefined as void;
    const tableLoaded = new Promise<void>((resolve) => (loaded = resolve));
    configureApiClient({
      operations: operations.filter(({ operationId }) => operationId === 'status'),
      loadOperations: async () => (await tableLoaded, operations),
      readAuthToken: () => token,
    });
    token = 'tok-1';
    respond(200, '{"name":"a"}');
    const call = apiClient('/gw/thing');
    token = null;
    loaded();
    await call;
    expect(sentHeaders().get('X-Auth-Token')).toBe('tok-1');
  });

  it('sends X-XSRF-TOKEN on state-changing calls, never on GET', async () => {
    xsrf = 'xsrf-1';
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing');
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);

    fetchMock.mockReset();
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing', { method: 'POST', body: '{}' });
    expect(sentHeaders().get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('sends the configured basic credentials only to the basic-auth operation', async () => {
    basic = 'Basic YW5hOnB3';
    respond(200, '{"name":"a"}');
    await apiClient('/gw/auth', { method: 'POST', body: '"fp"' });
    expect(sentHeaders().get('Authorization')).toBe('Basic YW5hOnB3');

    fetchMock.mockReset();
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing', { method: 'POST', body: '{}' });
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('refuses an address outside the portal without calling it', async () => {
    token = 'tok-1';
    const error = await failure(apiClient('https://evil.example/gw/thing'));
    expect(error.kind).toBe('contract');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // What the generated hooks build from `/gw/user/${userId}/thing` when the user id is tampered
  // with: each would reach another path (most of them one the contract describes) with the token.
  it.each([
    ['dot-dot segments and a fragment', '/gw/user/100245/../../thing#/thing', 'a fragment in the address'],
    ['dot-dot segments', '/gw/user/100245/../../thing', 'the path is not in normal form'],
    ['a dot segment', '/gw/user/./thing', 'the path is not in normal form'],
    ['encoded dot-dot segments', '/gw/user/%2e%2e/%2E%2E/thing', 'the path is not in normal form'],
    ['backslashes', '/gw/user/7\\..\\..\\thing', 'the path is not in normal form'],
    ['an encoded slash', '/gw/user/a%2Fb/thing', 'the path is not in normal form'],
    ['an encoded dot', '/gw/user/a%2eb/thing', 'the path is not in normal form'],
    ['an encoded backslash', '/gw/user/a%5cb/thing', 'the path is not in normal form'],
    ['a doubly encoded slash', '/gw/user/a%252fb/thing', 'the path is not in normal form'],
    ['an empty segment', '/gw/user//thing', 'the path is not in normal form'],
    ['a space', '/gw/user/7 8/thing', 'the path is not in normal form'],
    ['a line break', '/gw/user/7\n8/thing', 'the path is not in normal form'],
    ['a fragment', '/gw/user/7#/thing', 'a fragment in the address'],
    ['a query carrying the rest of the path', '/gw/user/7/thing?x=/thing', 'the query is not one URLSearchParams builds'],
    ['a second query', '/gw/thing?a=1?b=2', 'the query is not one URLSearchParams builds'],
  ])('refuses an address with %s without sending anything', async (_, url, detail) => {
    token = 'tok-1';
    const seen = vi.fn();
    const stop = onApiError(seen);
    const error = await failure(apiClient(url));
    stop();
    expect(error.kind).toBe('contract');
    expect(error.message).toContain(detail);
    expect(fetchMock).not.toHaveBeenCalled();
    // No operation is named: the normalised path is not the one the caller built.
    expect(seen).toHaveBeenCalledWith(error, undefined);
  });

  it('sends a sound path with a parameter and a URLSearchParams query as built', async () => {
    token = 'tok-1';
    respond(200, '{"name":"a"}');
    const query = new URLSearchParams({ token: 'a/b?c#d', page: '2' }).toString();
    await apiClient(`/gw/user/Ab_9-z/thing?${query}`);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${window.location.origin}/gw/user/Ab_9-z/thing?${query}`);
    expect(sentHeaders().get('X-Auth-Token')).toBe('tok-1');
  });

  it('refuses a call the contract does not describe', async () => {
    const error = await failure(apiClient('/gw/unknown'));
    expect(error.kind).toBe('contract');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('looks beyond the operations known from the start in the whole table, loaded only when a call needs it', async () => {
    const loadOperations = vi.fn(async () => operations);
    configureApiClient({ operations: operations.filter(({ operationId }) => operationId === 'status'), loadOperations });
    respond(200, 'UP', 'text/plain');
    await expect(apiClient('/gw/status')).resolves.toBe('UP');
    expect(loadOperations).not.toHaveBeenCalled();
    respond(200, '{"name":"a"}');
    await expect(apiClient('/gw/thing')).resolves.toEqual({ name: 'a' });
    expect(loadOperations).toHaveBeenCalledTimes(1);
  });

  it('once the whole table has loaded, sends a call beyond the first operations in the task it is made in', async () => {
    configureApiClient({ operations: [], loadOperations: async () => operations });
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing');
    fetchMock.mockReset();
    respond(200, '{"name":"a"}');
    const call = apiClient('/gw/thing');
    // Nothing awaited yet: the calls a step makes together leave together.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(call).resolves.toEqual({ name: 'a' });
  });

  it('does not keep a table that finished loading after the client was given another', async () => {
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    configureApiClient({ operations: [], loadOperations: async () => (await held, operations) });
    respond(200, '{"name":"a"}');
    const first = apiClient('/gw/thing');
    const next = vi.fn(async () => operations);
    configureApiClient({ loadOperations: next });
    finish();
    await first;
    respond(200, '{"name":"a"}');
    await apiClient('/gw/thing');
    expect(next).toHaveBeenCalledOnce();
  });

  it('throws a network error, sending nothing, when the table cannot be loaded', async () => {
    configureApiClient({
      operations: [],
      loadOperations: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    expect((await failure(apiClient('/gw/thing'))).kind).toBe('network');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('throws an http error with the status and the body errors', async () => {
    respond(403, JSON.stringify({ errors: [{ code: 'FORBIDDEN', description: 'Access is denied' }] }));
    const error = await failure(apiClient('/gw/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 403, codes: ['FORBIDDEN'] });
  });

  it("keeps a refusal's Retry-After, as sent", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ errors: [{ code: 'TOO_MANY_REQUESTS', description: 'Slow down' }] }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
      }),
    );
    expect(await failure(apiClient('/gw/thing', { method: 'POST' }))).toMatchObject({ kind: 'http', status: 429, retryAfter: '300' });
    respond(403, JSON.stringify({ errors: [] }));
    expect((await failure(apiClient('/gw/thing'))).retryAfter).toBeUndefined();
  });

  it('throws an http error for a 500 whose body is not JSON', async () => {
    respond(500, '<html>oops</html>', 'text/html');
    const error = await failure(apiClient('/gw/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 500, errors: [] });
  });

  it('throws a business error for a 200 with a non-empty errors list', async () => {
    respond(200, JSON.stringify({ name: 'a', errors: [{ code: 'AUERR01', description: 'Security question required' }] }));
    const error = await failure(apiClient('/gw/thing'));
    expect(error).toMatchObject({ kind: 'business', status: 200, codes: ['AUERR01'] });
  });

  it('accepts a 200 with an empty errors list', async () => {
    respond(200, JSON.stringify({ name: 'a', errors: [] }));
    await expect(apiClient('/gw/thing')).resolves.toEqual({ name: 'a', errors: [] });
  });

  it.each([
    ['a wrong type', JSON.stringify({ name: 123 })],
    ['a missing field', '{}'],
    ['null', 'null'],
    ['an array', '[]'],
    ['truncated JSON', '{"name":"a"'],
    ['HTML with a JSON content type', '<!doctype html><p>gateway error</p>'],
  ])('throws a contract error for %s', async (_, body) => {
    respond(200, body);
    const error = await failure(apiClient('/gw/thing'));
    expect(error.kind).toBe('contract');
  });

  it('throws a network error when there is no response', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(apiClient('/gw/thing'));
    expect(error.kind).toBe('network');
  });

  it('throws a timeout error when the deadline passes', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failure(apiClient('/gw/thing'));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).kind).toBe('timeout');
  });

  it("rethrows the caller's abort reason when the caller cancels", async () => {
    fetchMock.mockImplementationOnce(
      (_, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiClient('/gw/thing', { signal: controller.signal });
    const reason = new Error('cancelled by React Query');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('keeps query strings (which may carry tokens) out of the error', async () => {
    respond(500, '');
    const error = await failure(apiClient('/gw/thing?token=secret'));
    expect(error.path).toBe('/gw/thing');
    expect(error.message).not.toContain('secret');
  });
});
