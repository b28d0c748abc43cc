// @vitest-environment node
// This contract's extensions (passkeys, recovery codes) say so wherever a gateway developer
// reads them: each operation carries an extension tag beside its area tag, `x-extension: true`
// and "This contract's extension, not in the spec" in its description; each schema only they
// use, each of their parameters and each error code they add says it too. And the spec's own
// operations carry none of it.
import { describe, expect, it } from 'vitest';
import { bundle, deref, operations, responseExamples } from './contract-helpers.mjs';

const LABEL = /this\s+contract's\s+extension,\s+not\s+in\s+the\s+spec/i;
const EXTENSION_TAGS = bundle.tags.map((tag) => tag.name).filter((name) => name.endsWith('(extension)'));
const all = operations();
const tagged = all.filter(({ operation }) => operation.tags.some((tag) => EXTENSION_TAGS.includes(tag)));
const named = (list) => list.map((entry) => [entry.operation.operationId, entry.operation]);

/** The names of the component schemas an operation reaches, through any $ref. */
function schemasReached(node, found = new Set(), seen = new Set()) {
  if (Array.isArray(node)) {
    for (const child of node) schemasReached(child, found, seen);
    return found;
  }
  if (!node || typeof node !== 'object' || seen.has(node)) return found;
  seen.add(node);
  if (typeof node.$ref === 'string') {
    const schema = /^#\/components\/schemas\/(.+)$/.exec(node.$ref);
    if (schema) found.add(schema[1]);
    schemasReached(deref(node), found, seen);
  }
  for (const [key, child] of Object.entries(node)) if (key !== 'examples' && key !== 'example') schemasReached(child, found, seen);
  return found;
}

describe("this contract's extensions", () => {
  it('has the two labels, each saying what it is', () => {
    expect(EXTENSION_TAGS).toEqual(['Passkeys (extension)', 'Recovery codes (extension)']);
    for (const name of EXTENSION_TAGS) expect(bundle.tags.find((tag) => tag.name === name).description).toMatch(LABEL);
    expect(tagged.length).toBe(10);
  });

  it.each(named(tagged))('%s carries the label: x-extension, and the words in its description', (_, operation) => {
    expect(operation['x-extension']).toBe(true);
    expect(operation.description).toMatch(LABEL);
  });

  it.each(named(all.filter((entry) => !tagged.includes(entry))))('%s, of the spec, carries none of it', (_, operation) => {
    expect(operation['x-extension']).toBeUndefined();
    expect(operation.description).not.toMatch(LABEL);
  });

  it('labels every schema only the extensions use', () => {
    const spec = new Set();
    for (const { operation } of all.filter((entry) => !tagged.includes(entry))) schemasReached(operation, spec);
    const own = new Set();
    for (const { operation } of tagged) schemasReached(operation, own);
    const only = [...own].filter((name) => !spec.has(name));
    expect(only.length).toBeGreaterThan(20);
    expect(only.filter((name) => !LABEL.test(bundle.components.schemas[name].description ?? ''))).toEqual([]);
  });

  it('labels their parameters beyond the shared ones', () => {
    const shared = new Set(
      all.filter((entry) => !tagged.includes(entry)).flatMap(({ operation }) => (operation.parameters ?? []).map((p) => deref(p).name)),
    );
    const own = tagged.flatMap(({ operation }) => (operation.parameters ?? []).map(deref)).filter((p) => !shared.has(p.name));
    expect(own.map((parameter) => parameter.name)).toContain('passkeyId');
    for (const parameter of own) expect(parameter.description).toMatch(LABEL);
  });

  it('labels the error codes they add, each with an example', () => {
    const codes = new Map();
    for (const { operation } of tagged)
      for (const example of responseExamples(operation))
        for (const item of example.value?.errors ?? []) {
          const media = Object.values(deref(operation.responses[String(example.status)]).content)[0];
          codes.set(item.code, deref(media.examples[example.name]).summary);
        }
    const added = [...codes].filter(([code]) => /^(PK|RC)ERR/.test(code));
    expect(added.map(([code]) => code).sort()).toEqual([
      'PKERR01',
      'PKERR02',
      'PKERR03',
      'PKERR04',
      'PKERR05',
      'PKERR06',
      'RCERR01',
      'RCERR02',
      'RCERR03',
    ]);
    for (const [code, summary] of added)
      expect(summary, code).toMatch(/illustrative code, this contract's invention; this contract's extension/);
  });

  it('answers a passkey or recovery-code sign-in exactly as a sign-in: the same schema, the same example, the same cookie', () => {
    const byId = Object.fromEntries(all.map((entry) => [entry.operation.operationId, entry.operation]));
    const success = (operation) => operation.responses['200'];
    for (const id of ['finishPasskeySignIn', 'signInWithRecoveryCode']) {
      const answer = success(byId[id]);
      expect(answer.content['application/json'].schema).toEqual(success(byId.authenticate).content['application/json'].schema);
      expect(answer.content['application/json'].examples.success).toEqual(
        success(byId.authenticate).content['application/json'].examples.success,
      );
      expect(answer.headers['Set-Cookie']).toEqual(success(byId.authenticate).headers['Set-Cookie']);
      expect(Object.keys(byId[id].responses)).toContain('429');
    }
    expect(byId.signInWithRecoveryCode.security).toEqual(byId.authenticate.security);
    expect(byId.finishPasskeySignIn.description).toMatch(/satisfies both the password and the second factor/);
    expect(byId.finishPasskeySignIn.description).toMatch(/security question \(AUERR01\) is not asked/);
  });

  it('asks for discoverable passkeys with user verification, in the WebAuthn JSON serialisation', () => {
    const { schemas } = bundle.components;
    const selection = schemas.PublicKeyCredentialCreationOptions.properties.authenticatorSelection.properties;
    expect(selection.residentKey.const).toBe('required');
    expect(deref(selection.userVerification).const).toBe('required');
    expect(deref(schemas.PublicKeyCredentialRequestOptions.properties.userVerification).const).toBe('required');
    expect(schemas.PublicKeyCredentialRequestOptions.properties.allowCredentials.maxItems).toBe(0);
    expect(schemas.RecoveryCodeSet.properties.codes).toMatchObject({ minItems: 10, maxItems: 10 });
  });
});
