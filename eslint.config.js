// Lint rules, including the house conventions that would otherwise live only in memory:
// one-way imports (contract -> generated -> src, lib/components <- journey <- flows <- app),
// flows never importing each other, scripts and the build config never importing the portal, the
// single places allowed to call fetch, touch storage or render HTML, and no inline styles (the CSP
// forbids them).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const flows = readdirSync(new URL('./src/flows', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  { target: './src/lib', from: ['./src/journey', './src/flows', './src/app', './src/components'], message: 'lib is the bottom layer.' },
  {
    target: './src/components',
    from: ['./src/journey', './src/flows', './src/app'],
    message: 'components sit below the journey, flows and app.',
  },
  {
    target: './src/journey',
    from: ['./src/flows', './src/app'],
    message: 'The sign-in journey sits below flows and app: flows use its steps.',
  },
  { target: './src/flows', from: './src/app', message: 'flows sit below app.' },
  ...flows.map((flow) => ({
    target: `./src/flows/${flow}`,
    from: './src/flows',
    except: [`./${flow}`],
    message: 'Flows never import each other: move the shared piece down to lib or components.',
  })),
  {
    target: './gateway-client',
    from: ['./src', './generated', './scripts', './tests'],
    message:
      "gateway-client/ is what the generated hooks call: it imports only common/ and the kit's package (orval parses it before generated/ exists; inject what it needs instead).",
  },
  { target: './src', from: ['./tests', './scripts'], message: 'Application code never imports tests or scripts.' },
  {
    target: ['./scripts', './vite.config.ts'],
    from: './src',
    message: "Scripts and the build config never import the portal's code: what both need lives in common/ or comes from generated/.",
  },
  {
    target: './common',
    from: ['./src', './scripts', './tests', './generated'],
    message: 'common/ is environment-neutral (the portal, the scripts and the build config share it): it imports only itself.',
  },
  {
    target: ['./packages/verify-gateway/bin', './packages/verify-gateway/src'],
    from: ['./src', './common', './gateway-client', './generated', './scripts', './tests'],
    message:
      "The kit's package imports nothing of the repository: its packed tarball carries only itself (what both need lives in the package).",
  },
];

/** generated/ is made from the contract: it imports nothing of the project, but orval's hooks their mutator. */
const generatedZones = [
  {
    target: './generated',
    from: ['./src', './scripts', './tests', './common'],
    message:
      "generated/ imports nothing of the project (orval's hooks import only their mutator, gateway-client/, as orval.config.ts says).",
  },
];

const resolverSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
};

const onlyIn = (what, where) => `${what} only in ${where}.`;

/** Syntax the house forbids everywhere in src: raw HTML, inline styles, RouteLink under another name. */
const houseSyntax = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: onlyIn('HTML rendering', 'src/lib/sanitize-html.tsx (its SanitizedHtml component)'),
  },
  { selector: "AssignmentExpression[left.property.name='innerHTML']", message: onlyIn('innerHTML', 'src/lib/sanitize-html.tsx') },
  {
    selector: "ImportSpecifier[imported.name='RouteLink'][local.name!='RouteLink']",
    message: 'Import RouteLink by its name: a `Link` reads as react-router’s, which the first screen must not carry.',
  },
  {
    selector: "JSXAttribute[name.name='style']",
    message: "No inline styles: the Content-Security-Policy's style-src has no 'unsafe-inline'. Use a class in the component's stylesheet.",
  },
];

/** Attributes and object keys whose strings are shown to the user (labels, headings, button texts). */
const TEXT_PROPS = '/^(label|title|alt|placeholder|hint|legend|heading|submit|text|message|aria-label|[a-z]+Label|[a-z]+Text)$/';
const CHILD_EXPRESSION = ':matches(JSXElement, JSXFragment) > JSXExpressionContainer';
const onlyInCatalogue = 'User-facing text lives in the message catalogue (src/lib/messages/): import its area module.';
/**
 * Every user-facing text lives in the message catalogue (src/lib/messages), so a translation
 * catalogue can take it over: no text written inline in a screen's JSX, in its expressions or in
 * the attributes and keys that carry texts. Tests and the catalogue itself are exempt.
 */
const inlineTexts = [
  'JSXText[value=/[A-Za-z]/]',
  // A child expression that is a text, or picks one: `{'Text'}`, `{`Text`}`, `{a ? 'Text' : b ? 'Text' : 'Text'}`, `{a || 'Text'}`.
  `${CHILD_EXPRESSION} > Literal[value=/[A-Za-z]/]`,
  `${CHILD_EXPRESSION} > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]`,
  `${CHILD_EXPRESSION} > :matches(ConditionalExpression, LogicalExpression) > Literal:matches(.consequent, .alternate, .right)[value=/[A-Za-z]/]`,
  `${CHILD_EXPRESSION} > ConditionalExpression > ConditionalExpression > Literal:matches(.consequent, .alternate)[value=/[A-Za-z]/]`,
  `JSXAttribute[name.name=${TEXT_PROPS}] Literal[value=/[A-Za-z]/]`,
  `JSXAttribute[name.name=${TEXT_PROPS}] TemplateElement[value.raw=/[A-Za-z]/]`,
  `JSXAttribute Property[key.name=${TEXT_PROPS}] > Literal[value=/[A-Za-z]/]`,
].map((selector) => ({ selector, message: onlyInCatalogue }));

const routerImports = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  importNames: ['Link', 'NavLink'],
  message: 'Use RouteLink (src/components/ui/route-link.tsx): Link brings framework-mode prefetching into the first screen.',
}));
// The WebAuthn server library verifies ceremonies in the mock only: never in the portal, the kit or generated code.
const webauthnServerMessage = "@simplewebauthn/server is the mock's alone (scripts/mock-credentials.mjs).";
const webauthnServer = { name: '@simplewebauthn/server', message: webauthnServerMessage };
const webauthnServerParts = { group: ['@simplewebauthn/server/*'], message: webauthnServerMessage };
// session-storage.ts's plain reads and writes are for session-writes.ts: everything else goes
// through the session's functions and the typed slots, so every key stays one the portal lists.
const storagePrimitives = {
  group: ['**/session-storage'],
  importNames: ['storage', 'read', 'write', 'remove', 'writeCookie', 'deleteCookie'],
  message: 'Use the session functions or a typed slot (src/lib/session-writes.ts sessionSlot).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'docs/**', 'screenshots/**'] },
  // generated/ is the tools' output, not held to the house style: only its imports are checked.
  {
    files: ['generated/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    // orval writes disable comments for typescript-eslint's rules, which are not run here.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: resolverSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: generatedZones }] },
  },
  { ignores: ['generated/**'], extends: [js.configs.recommended, ...tseslint.configs.recommended] },
  {
    ignores: ['generated/**'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: resolverSettings,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: onlyIn('fetch', 'gateway-client/api-client.ts') },
        { name: 'sessionStorage', message: onlyIn('Storage', 'src/lib/session-storage.ts') },
        { name: 'localStorage', message: onlyIn('Storage', 'src/lib/session-storage.ts') },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: onlyIn('fetch', 'gateway-client/api-client.ts') },
        { object: 'window', property: 'sessionStorage', message: onlyIn('Storage', 'src/lib/session-storage.ts') },
        { object: 'window', property: 'localStorage', message: onlyIn('Storage', 'src/lib/session-storage.ts') },
        { object: 'document', property: 'cookie', message: onlyIn('Cookies', 'src/lib/session-storage.ts') },
      ],
      'no-restricted-imports': ['error', { paths: [...routerImports, webauthnServer], patterns: [webauthnServerParts, storagePrimitives] }],
      'no-restricted-syntax': ['error', ...houseSyntax, ...inlineTexts],
    },
  },
  {
    files: ['scripts/mock-credentials.mjs'],
    rules: { 'no-restricted-imports': ['error', { paths: routerImports }] },
  },
  {
    files: ['gateway-client/api-client.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/lib/session-storage.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/lib/session-writes.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [...routerImports, webauthnServer], patterns: [webauthnServerParts] }] },
  },
  {
    files: ['src/lib/messages/**'],
    rules: { 'no-restricted-syntax': ['error', ...houseSyntax] },
  },
  {
    files: ['src/lib/sanitize-html.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'tests/**', 'scripts/**', 'packages/**', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
);
