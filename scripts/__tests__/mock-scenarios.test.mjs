// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  basicUser,
  chooseRule,
  createSessionStore,
  defaultRespond,
  findOperation,
  indexOperations,
  loadScenarios,
  preferFor,
  resolveRef,
  statusOfExample,
} from '../mock-scenarios.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const scenarios = loadScenarios(join(root, 'openapi', 'mock-scenarios.yaml'));
const operations = indexOperations(document);

const basic = (user) => `Basic ${Buffer.from(`${user}:any password`).toString('base64')}`;
const request = ({ headers = {}, query = '', body } = {}) => ({ headers, query: new URLSearchParams(query), body });

describe('mock scenarios', () => {
  it('names only operations and examples the contract has', () => {
    const ids = new Set(operations.map((entry) => entry.id));
    for (const [operationId, rules] of Object.entries(scenarios.rules)) {
      expect(ids, operationId).toContain(operationId);
      const { operation } = operations.find((entry) => entry.id === operationId);
      for (const rule of rules) {
        if (rule.respond.example)
          expect(statusOfExample(document, operation, rule.respond.example), `${operationId} ${rule.respond.example}`).toBeDefined();
      }
    }
  });

  it('reaches every example of every success response: the default, a rule or an unknown link token (the credential store answers its own: mock-credentials.test.mjs)', () => {
    const unreachable = [];
    for (const { id, operation } of operations) {
      if (scenarios.credentials.operations.includes(id)) continue;
      const names = Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => Object.values(resolveRef(document, response).content ?? {}))
        .flatMap((media) => Object.keys(media.examples ?? {}));
      const ruled = new Set([
        ...(scenarios.rules[id] ?? []).map((rule) => rule.respond.example),
        scenarios.linkTokens.operations[id]?.example,
      ]);
      for (const name of names.slice(1)) if (!ruled.has(name)) unreachable.push(`${id}: ${name}`);
    }
    expect(unreachable).toEqual([]);
  });

  it('finds every operation of the contract by its own path, parameters filled in', () => {
    for (const entry of operations) {
      const pathname = entry.path.replace(/\{[^}]+\}/g, 'Ab_9-z');
      expect(findOperation(operations, entry.method, pathname)?.id, `${entry.method} ${pathname}`).toBe(entry.id);
    }
  });

  it('decodes the basic-auth username, UTF-8 and colons in the password included', () => {
    expect(basicUser(basic('question'))).toBe('question');
    expect(basicUser(`Basic ${Buffer.from('jös:a:b').toString('base64')}`)).toBe('jös');
    expect(basicUser('Bearer x')).toBeUndefined();
    expect(basicUser(undefined)).toBeUndefined();
  });

  it.each([
    ['question', 'code=200, example=AUERR01'],
    ['mfa', 'code=200, example=AUERR05'],
    ['wrong', 'code=200, example=AUERR02'],
    ['broken', 'code=500, example=internalError'],
  ])('answers the demo account %s with %s', (user, prefer) => {
    const entry = findOperation(operations, 'POST', '/login-gateway/authentication');
    const rule = chooseRule(scenarios, entry.id, request({ headers: { authorization: basic(user) } }));
    expect(preferFor(document, entry.operation, rule.respond)).toBe(prefer);
  });

  it('switches scenarios by cookie', () => {
    const entry = findOperation(operations, 'GET', '/login-gateway/public/branding/brand');
    expect(chooseRule(scenarios, entry.id, request({ headers: { cookie: 'a=b; mockBrand=unsafe' } })).respond.example).toBe('unsafeLinks');
    expect(chooseRule(scenarios, entry.id, request({ headers: { cookie: 'mockBrand=other' } }))).toBeUndefined();
  });

  it('asks any account for a code while the cookie mockMfa=required is set, and still takes the code, an answer or a throttle first', () => {
    const entry = findOperation(operations, 'POST', '/login-gateway/authentication');
    const cookie = 'mockMfa=required';
    const answer = (user, headers = {}) =>
      chooseRule(scenarios, entry.id, request({ headers: { authorization: basic(user), cookie, ...headers } }))?.respond.example;
    expect(answer('rcabc123')).toBe('AUERR05');
    expect(answer('rcabc123', { twiliomfacode: '424242' })).toBe('success');
    expect(answer('rcabc123', { twiliomfacode: '000000' })).toBe('codeNotValid');
    expect(answer('rcabc123', { securityanswer: 'blue' })).toBe('success');
    expect(answer('throttled')).toBe('tooManyAttempts');
    expect(chooseRule(scenarios, entry.id, request({ headers: { authorization: basic('rcabc123') } }))).toBeUndefined();
  });

  it('lets a security answer succeed whoever signs in', () => {
    const entry = findOperation(operations, 'POST', '/login-gateway/authentication');
    const rule = chooseRule(scenarios, entry.id, request({ headers: { authorization: basic('question'), securityanswer: 'blue' } }));
    expect(rule.respond.example).toBe('success');
  });

  it('matches what the signed-in session remembers', () => {
    const landing = findOperation(operations, 'GET', '/login-gateway/userLandingUrl');
    const adopting = request({ headers: { 'x-auth-token': 'token-adopt' }, query: 'role=ROLE_PARTICIPANT' });
    expect(chooseRule(scenarios, landing.id, adopting).respond.example).toBe('mfaAdoption');
    expect(chooseRule(scenarios, landing.id, { ...adopting, session: { mfaOn: 'yes' } }).respond.example).toBe('participantDashboard');
    const save = findOperation(operations, 'POST', '/login-gateway/profile/optionChoice');
    expect(chooseRule(scenarios, save.id, request({ body: { optionType: 190, active: true } })).respond.remember).toEqual({ mfaOn: 'yes' });
  });

  it('remembers journeys with the session only: every `session` condition is a value some rule remembers, and no rule sets a cookie', () => {
    const remembered = new Set();
    const read = new Set();
    for (const rules of Object.values(scenarios.rules)) {
      for (const { when = {}, respond } of rules) {
        expect(respond, JSON.stringify(respond)).not.toHaveProperty('setCookie');
        for (const [name, value] of Object.entries(respond.remember ?? {})) remembered.add(`${name}=${value}`);
        for (const [name, value] of Object.entries(when.session ?? {})) read.add(`${name}=${value}`);
      }
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((pair) => !remembered.has(pair))).toEqual([]);
  });

  it('names credential operations the contract has: every operation of the passkeys and recovery codes, labelled as the extension', () => {
    const extension = operations.filter((entry) => entry.operation['x-extension'] === true).map((entry) => entry.id);
    expect([...scenarios.credentials.operations].sort()).toEqual(extension.sort());
  });

  it('names sign-in, sign-out and code operations the contract has', () => {
    const ids = new Set(operations.map((entry) => entry.id));
    const named = Object.values(scenarios.sessions).flat();
    expect(named.length).toBe(10);
    for (const id of named) expect(ids, id).toContain(id);
  });

  it('answers other requests with the first example of the first success response', () => {
    const entry = findOperation(operations, 'POST', '/login-gateway/authentication');
    expect(chooseRule(scenarios, entry.id, request({ headers: { authorization: basic('demo') } }))).toBeUndefined();
    expect(preferFor(document, entry.operation, defaultRespond(document, entry.operation))).toBe('code=200, example=success');
    const lastAccessed = findOperation(operations, 'GET', '/partner-gateway/keepAlive/lastAccessed');
    expect(preferFor(document, lastAccessed.operation, defaultRespond(document, lastAccessed.operation))).toBe('code=200, example=longAgo');
    const keepAlive = findOperation(operations, 'GET', '/partner-gateway/keepAlive');
    expect(preferFor(document, keepAlive.operation, defaultRespond(document, keepAlive.operation))).toBe('code=204');
  });
});

describe('the mock’s sessions', () => {
  it('mint a token per sign-in, matched as the persona it was minted for', () => {
    const sessions = createSessionStore();
    const first = sessions.mint('token-setup', { username: 'setup', userId: '100302' });
    const second = sessions.mint('token-setup', { username: 'setup', userId: '100302' });
    expect(first).toMatch(/^token-setup\./);
    expect(second).not.toBe(first);
    expect(sessions.persona(first)).toBe('token-setup');
    expect(sessions.persona('planted')).toBe('planted');
    expect(sessions.find(first)).toMatchObject({ username: 'setup', userId: '100302', revoked: false, state: {} });
    expect(sessions.find('planted')).toBeUndefined();
  });

  it('revoke only the token signed out, and never one they did not mint', () => {
    const sessions = createSessionStore();
    const first = sessions.mint('token-demo');
    const second = sessions.mint('token-demo');
    sessions.revoke(first);
    sessions.revoke('planted');
    expect(sessions.find(first).revoked).toBe(true);
    expect(sessions.find(second).revoked).toBe(false);
    expect(sessions.find('planted')).toBeUndefined();
  });

  it('forget the oldest past their limit', () => {
    const sessions = createSessionStore({ limit: 2 });
    const [a, b, c] = ['x', 'y', 'z'].map((persona) => sessions.mint(persona));
    expect(sessions.find(a)).toBeUndefined();
    expect(sessions.find(b)).toBeDefined();
    expect(sessions.find(c)).toBeDefined();
  });
});

describe('demo accounts', () => {
  it('are all listed in the README', () => {
    // Table cells as written, whatever padding the formatter gives the columns.
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/ *\| */g, ' | ');
    for (const account of scenarios.accounts)
      expect(readme, account.username).toContain(`| \`${account.username}\` | ${account['leads to']} |`);
  });

  it('and the recovery cases are all listed in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/ *\| */g, ' | ');
    expect(scenarios.recovery.length).toBeGreaterThan(0);
    for (const item of scenarios.recovery) expect(readme, item.case).toContain(`| \`${item.case}\` | ${item['leads to']} |`);
  });

  it('and the account-setup cases are all listed in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/ *\| */g, ' | ');
    expect(scenarios.accountSetup.length).toBeGreaterThan(0);
    for (const item of scenarios.accountSetup) expect(readme, item.case).toContain(`| \`${item.case}\` | ${item['leads to']} |`);
  });

  it('and the profile cases are all listed in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/ *\| */g, ' | ');
    expect(scenarios.profile.length).toBeGreaterThan(0);
    for (const item of scenarios.profile) expect(readme, item.case).toContain(`| \`${item.case}\` | ${item['leads to']} |`);
  });

  it('and the sign-in cases a cookie switches are all listed in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/ *\| */g, ' | ');
    expect(scenarios.signIn.length).toBeGreaterThan(0);
    for (const item of scenarios.signIn) expect(readme, item.case).toContain(`| \`${item.case}\` | ${item['leads to']} |`);
  });

  it('each reach a rule of the sign-in call, or its default', () => {
    const ruled = new Set(scenarios.rules.authenticate.map((rule) => rule.when.basicUser).filter(Boolean));
    for (const account of scenarios.accounts) if (account.username !== 'demo') expect(ruled, account.username).toContain(account.username);
  });
});
