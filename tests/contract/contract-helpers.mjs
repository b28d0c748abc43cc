// Reading the bundled contract in tests: operations, their named examples, and a valid
// request for each (path and query values, security, body) built from the contract's own
// examples.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listOperations, resolveRef } from '@signin-portal/verify-gateway/openapi-document';

export const root = resolve(import.meta.dirname, '..', '..');
export const bundle = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));

export const deref = (value) => resolveRef(bundle, value);

export const operations = () => listOperations(bundle);

/** Every named example of an operation's responses: { status, mediaType, name, value, shared }. */
export function responseExamples(operation) {
  const found = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    const shared = typeof response.$ref === 'string';
    for (const [mediaType, media] of Object.entries(deref(response).content ?? {})) {
      for (const [name, example] of Object.entries(media.examples ?? {})) {
        found.push({ status: Number(status), mediaType, name, value: deref(example).value, shared });
      }
    }
  }
  return found;
}

function exampleOf(parameter) {
  const resolved = deref(parameter);
  if (resolved.example !== undefined) return resolved.example;
  const schema = deref(resolved.schema);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  throw new Error(`parameter ${resolved.name} has no example`);
}

/** A request the contract accepts for this operation. */
export function validRequest({ path, method, operation }) {
  const parameters = (operation.parameters ?? []).map(deref);
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(exampleOf(parameter))));
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(exampleOf(parameter)));
  }
  const headers = { Accept: '*/*' };
  const security = (operation.security ?? bundle.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (security.includes('basicAuth')) headers.Authorization = `Basic ${Buffer.from('demo:Secret#123').toString('base64')}`;
  if (security.includes('authToken')) headers['X-Auth-Token'] = 'contract-test-token';
  let body;
  const media = deref(operation.requestBody)?.content?.['application/json'];
  if (media) {
    const example = Object.values(media.examples ?? {})[0];
    if (!example) throw new Error(`${operation.operationId}: request body has no named example`);
    body = JSON.stringify(deref(example).value);
    headers['Content-Type'] = 'application/json';
  }
  return { url: query.size ? `${url}?${query}` : url, method, headers, body };
}

/** A tag's name as its generated folder spells it (`signIn` -> `sign-in`). */
export const kebab = (tag) => tag.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The generated zod modules, by folder name (`sign-in`): each operation's body, params and answer schemas. */
export async function loadZodModules() {
  const modules = {};
  for (const tag of readdirSync(join(root, 'generated', 'zod'))) {
    modules[tag] = await import(/* @vite-ignore */ join(root, 'generated', 'zod', tag, `${tag}.zod.ts`));
  }
  return modules;
}

/** An operation's success answer: { status, mediaType, schema } (schema undefined for no body). */
export function successAnswer(operation) {
  const [status, response] = Object.entries(operation.responses).find(([code]) => /^2/.test(code));
  const [mediaType, media] = Object.entries(deref(response).content ?? {})[0] ?? [];
  return { status, mediaType, schema: media?.schema };
}
