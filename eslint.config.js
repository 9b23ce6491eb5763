import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const apiFetchOnlyInCall = {
  group: ['**/client', './client'],
  importNames: ['apiFetch'],
  message: 'Call the API with call(route, input) from api/call.ts: its route lives in contract/.',
};

// A contract API object holds every schema of its routes; importing it builds them all.
const routesThroughApiOf = {
  group: ['@contract/*'],
  importNamePattern: '^[a-z][A-Za-z]*Api$',
  allowTypeImports: true,
  message: "Take the routes with apiOf('xApi') from api/routes.ts: the web needs only their method and path.",
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
      '.test-results/**',
      '.ci-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { '@stylistic': stylistic },
    rules: {
      // Prettier wraps code at 120; this holds comments to it too. Strings and template literals
      // (marketing copy, SQL, messages) are prose that reads better unbroken.
      '@stylistic/max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['web/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Route files are HTTP only (CONTRIBUTING.md): queries live in services, schemas in contract/.
    files: ['server/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: "Route files are HTTP only: move the query into the module's service or queries file.",
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: "Route files are HTTP only: move the query into the module's service or queries file.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='object']",
          message: 'Request and response schemas live in contract/<domain>.ts.',
        },
      ],
    },
  },
  {
    // The web calls the API through the contract's route table (call, keyOf, hrefOf), so every
    // path, input and answer type comes from contract/ and none is written by hand.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/call.ts', 'web/src/api/client.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            apiFetchOnlyInCall,
            routesThroughApiOf,
            {
              group: ['radix-ui'],
              message: 'Use the themed primitive from components/ui/ (add one there for a new Radix part).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // The bundler must then keep all zod exports: its ~40 locales, 70 kB gzipped more. Its
          // entry points only: a locale file (zod/v4/locales/*) is imported on purpose.
          selector: 'ImportExpression[source.value=/^zod(\\/v4)?(\\/(classic|mini|core))?$/]',
          message:
            "import('zod') loads all of zod: import a module that re-exports what you need (i18n/zod-config.ts).",
        },
      ],
    },
  },
  {
    // components/ui/ is where the Radix primitives are themed, once.
    files: ['web/src/components/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [apiFetchOnlyInCall, routesThroughApiOf] }] },
  },
  {
    // Test files share their worker's modules (isolate: false in vitest.config.ts), so a module
    // replaced by one file would be replaced, or not, for whichever file runs next.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|hoisted)$/]",
          message: 'Test modules are shared between test files: pass a dependency in, or change the database.',
        },
      ],
    },
  },
  {
    // Start-up banners and CLI scripts talk to the terminal on purpose.
    files: ['scripts/**', 'server/main.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
