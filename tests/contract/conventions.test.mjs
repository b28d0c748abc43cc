// @vitest-environment node
// House rules every operation of the contract follows.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations } from './contract-helpers.mjs';

const all = operations().map((entry) => [`${entry.method} ${entry.path}`, entry]);
const parameterNames = (operation) => (operation.parameters ?? []).map((parameter) => deref(parameter).name);

/** The labels of this contract's extensions (`Passkeys (extension)`): a second tag beside an operation's area. */
const EXTENSION_TAGS = bundle.tags.map((tag) => tag.name).filter((name) => name.endsWith('(extension)'));

describe('every operation', () => {
  it.each(all)(
    '%s has an operationId, one known area tag (and an extension label), a summary and explicit security',
    (_, { operation }) => {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      // The first tag is the area: the generated hooks and zod schemas are split by it.
      expect(EXTENSION_TAGS).not.toContain(operation.tags[0]);
      expect(operation.tags.slice(1).every((tag) => EXTENSION_TAGS.includes(tag))).toBe(true);
      expect(operation.tags.length).toBeLessThanOrEqual(2);
      for (const tag of operation.tags) expect(bundle.tags.map((known) => known.name)).toContain(tag);
      expect(operation.summary?.length).toBeGreaterThan(5);
      expect(Array.isArray(operation.security)).toBe(true);
    },
  );

  it.each(all)('%s says whether it has side effects, a GET changing nothing unless it says so', (_, { method, operation }) => {
    expect(typeof operation['x-side-effects']).toBe('boolean');
    const changingGets = [
      'getLogoutPage',
      'getAuthToken',
      'verifyAccountMapping',
      'verifyParticipantEmail',
      'getIntegrationSession',
      'reauthorizeIntegration',
    ];
    const readingPosts = ['getSecurityQuestion', 'getMfaUser', 'getMfaOptions', 'getTotpInfo'];
    const expected = method === 'GET' ? changingGets.includes(operation.operationId) : !readingPosts.includes(operation.operationId);
    expect(operation['x-side-effects']).toBe(expected);
  });

  it.each(all.filter(([, entry]) => entry.method !== 'GET'))('%s takes X-XSRF-TOKEN', (_, { operation }) => {
    expect(parameterNames(operation)).toContain('X-XSRF-TOKEN');
  });

  it.each(all.filter(([, entry]) => entry.operation.security?.some((requirement) => 'authToken' in requirement)))(
    '%s answers 401, 403 and 440 with the shared error envelope',
    (_, { operation }) => {
      for (const status of ['401', '403', '440']) {
        expect(operation.responses[status]?.$ref, status).toMatch(/^#\/components\/responses\//);
      }
    },
  );

  it.each(all)('%s answers 500 with the shared envelope and declares a default response', (_, { operation }) => {
    expect(operation.responses['500']?.$ref).toBe('#/components/responses/InternalError');
    expect(operation.responses.default?.$ref).toBe('#/components/responses/Unexpected');
    for (const name of ['InternalError', 'Unexpected']) {
      expect(bundle.components.responses[name].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    }
  });

  // A header parameter counts too: a malformed X-XSRF-TOKEN is a malformed request.
  const takesInput = ({ operation }) => operation.requestBody || (operation.parameters ?? []).length > 0;
  it.each(all.filter(([, entry]) => takesInput(entry)))(
    '%s, sending a body or a parameter, answers 400 with the shared envelope',
    (_, { operation }) => {
      expect(operation.responses['400']?.$ref).toBe('#/components/responses/BadRequest');
    },
  );

  it.each([['getAuthToken'], ['signInWithToken']])('%s, signing in with a link token, answers 401 for a refused token', (id) => {
    const operation = all.map(([, entry]) => entry.operation).find((candidate) => candidate.operationId === id);
    expect(operation.responses['401']?.$ref).toBe('#/components/responses/Unauthorized');
  });

  const pathIds = (operation) => parameterNames(operation).filter((name) => ['userId', 'planId', 'passkeyId'].includes(name));
  const signedIn = (operation) => operation.security.some((requirement) => 'authToken' in requirement);

  it.each(all)(
    '%s says who may call it (x-access): public without a session, own-user on ids of the caller in its path',
    (_, { operation }) => {
      const access = operation['x-access'];
      expect(['public', 'session', 'own-user']).toContain(access);
      expect(access === 'public').toBe(!signedIn(operation));
      if (signedIn(operation)) expect(access === 'own-user').toBe(pathIds(operation).length > 0);
      if (access !== 'public') expect(operation.responses['401']?.$ref).toBe('#/components/responses/Unauthorized');
      // Another user's resource is answered as a missing one: 404, never 403 (which would confirm it exists).
      if (access === 'own-user') expect(operation.responses['404']).toBeDefined();
    },
  );

  it.each(all)('%s declares its quota (x-rate-limit) exactly when it answers 429', (_, { operation }) => {
    const limit = operation['x-rate-limit'];
    expect(Boolean(limit)).toBe(Boolean(operation.responses['429']));
    if (!limit) return;
    expect(operation.responses['429'].$ref).toBe('#/components/responses/TooManyRequests');
    expect(
      Object.keys(limit)
        .filter((key) => key !== 'steps')
        .sort(),
    ).toEqual(['attempts', 'counts', 'per', 'windowSeconds']);
    // Error codes that ask for a next step, not failures: only where failures are counted.
    if (limit.steps) expect(limit.counts).toBe('failures');
    for (const code of limit.steps ?? []) expect(code).toMatch(/^[A-Z0-9_]+$/);
    expect(Number.isInteger(limit.attempts) && limit.attempts > 0).toBe(true);
    expect(Number.isInteger(limit.windowSeconds) && limit.windowSeconds > 0).toBe(true);
    expect(['account', 'session', 'link', 'client']).toContain(limit.per);
    expect(['requests', 'failures']).toContain(limit.counts);
    // A session's quota needs a session; a public call has none.
    if (limit.per === 'session') expect(operation['x-access']).not.toBe('public');
  });

  it.each([
    ['signInWithToken'],
    ['changePasswordWithToken'],
    ['verifyResetToken'],
    ['verifyToken'],
    ['verifyAccountMapping'],
    ['completeVerification'],
    ['verifyParticipantEmail'],
    ['validateUsername'],
    ['changePassword'],
    ['verifyTotpRegistration'],
  ])('%s, which checks a secret or tells what exists, is throttled', (id) => {
    const operation = all.map(([, entry]) => entry.operation).find((candidate) => candidate.operationId === id);
    expect(operation['x-rate-limit']).toBeDefined();
  });

  it.each([
    ['retrieveUsername', 'email'],
    ['resetPassword', 'username'],
  ])('%s answers an unknown %s as a known one (x-same-answer), and has no example that tells them apart', (id, name) => {
    const { operation } = all.map(([, entry]) => entry).find((entry) => entry.operation.operationId === id);
    expect(operation['x-same-answer']).toEqual({ in: 'body', name });
    const body = deref(deref(operation.requestBody).content['application/json'].schema);
    expect(Object.keys(body.properties)).toContain(name);
    const examples = Object.values(deref(operation.responses['200']).content['application/json'].examples).map(
      (example) => deref(example).value,
    );
    expect(JSON.stringify(examples)).not.toMatch(/could not find|not found|no account/i);
  });
});
