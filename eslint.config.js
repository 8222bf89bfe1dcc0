// Lint rules that keep the layers of README.md ("How the pieces fit") apart: features never import
// drivers or each other, only src/backend touches the Firebase SDK, the packages import nothing of
// the product and the product's src never imports the local stand-in, and no cycles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of src/features is a feature, so a new one is fenced in without editing this list.
const featureNames = readdirSync(join(import.meta.dirname, 'src', 'features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// tsconfig's path aliases (`@/*` -> src, each package's name -> its src), for the resolver below.
const aliasMap = Object.entries(
  JSON.parse(readFileSync(join(import.meta.dirname, 'tsconfig.json'), 'utf8')).compilerOptions
    .paths,
).map(([name, [target]]) => [name.slice(0, -2), join(import.meta.dirname, target.slice(0, -2))]);

// Code in src reaches another folder of src through the `@/` alias (tsconfig paths), so a file can
// move without its imports turning into a count of `../`.
const CLIMBING_IMPORT = {
  regex: '^\\.\\./\\.\\./',
  message: "Import from another part of src with '@/…', not '../../'.",
};
const INTO_SRC_BY_PATH = {
  regex: '^(\\.\\./)+src/',
  message: "Import from src with '@/…'.",
};

const INTO_APP_SRC_FROM_FUNCTIONS = {
  regex: '^(\\.\\./){2,}src/',
  message: "Import from the app's src with '@/…'.",
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.reports/**',
      '.rehearsal/**',
      '.firebase-stack/**',
      'functions/lib/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      // The first resolver knows tsconfig's aliases; without it the zones below could not see
      // where an aliased import lands and would let it through. (eslint-import-resolver-typescript
      // would read tsconfig itself, but needs native bindings the registry here does not hold.)
      'import/resolver': {
        alias: {
          map: aliasMap,
          extensions: ['.ts', '.tsx', '.js'],
        },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *`: import the file you mean.' },
      ],
      // The layers only work if imports flow one way; a cycle is a layer leaking back.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: [
                './src/backend',
                './src/data',
                './src/stores',
                './src/features',
                './src/ui',
                './src/app',
              ],
              message: 'The domain is pure: it imports nothing above it.',
            },
            {
              target: './src/features',
              from: [
                './src/backend/firebase',
                './src/backend/local',
                './src/backend/memory',
                './src/app',
              ],
              message: 'Features never import a driver or the shell.',
            },
            {
              target: ['./src/ui', './src/stores', './src/data'],
              from: ['./src/features', './src/app'],
              message: 'Shared layers do not import features or the shell.',
            },
            {
              target: ['./local-server', './functions', './src/services'],
              from: './src/features',
              message:
                'Server code does not import features; the card view it renders is src/card-view.',
            },
            {
              target: './src/card-view',
              from: [
                './src/features',
                './src/app',
                './src/stores',
                './src/data',
                './src/backend',
                './src/services',
              ],
              message:
                'src/card-view is the card as visitors see it, rendered by the server and the builder preview alike: it imports only the domain.',
            },
            {
              target: './src/services',
              from: [
                './src/app',
                './src/stores',
                './src/data',
                './src/ui',
                './local-server',
                './functions',
              ],
              message:
                'src/services is hosted by local-server/ and functions/: it imports neither, nor the UI.',
            },
            {
              target: './firestore-engine',
              from: ['./src', './local-server', './functions', './firestore-local'],
              message:
                'firestore-engine is the document model alone: it imports nothing of the product, nor the stand-in.',
            },
            {
              target: './firestore-local',
              from: ['./src', './local-server', './functions'],
              message:
                'firestore-local imports nothing of the product: the host (local-server/) passes in what it needs.',
            },
            {
              target: ['./src', './functions'],
              from: './firestore-local',
              message:
                'The product never imports the local stand-in (firestore-local): only local-server/, scripts and tests run it.',
            },
            ...featureNames.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other; routes in src/app compose them.',
            })),
            {
              target: ['./src/features', './src/stores'],
              from: './src/backend/current.ts',
              message:
                'Only src/data talks to the port: a screen or store calls a repository function, which assembles any batch (README, How the pieces fit).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/backend/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^firebase(/|$)',
              message: 'Only src/backend imports the Firebase SDK.',
            },
            CLIMBING_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['src/backend/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIMBING_IMPORT] }] },
  },
  {
    files: ['local-server/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_SRC_BY_PATH] }] },
  },
  {
    // functions/ has a src of its own; the app's is two folders up.
    files: ['functions/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_APP_SRC_FROM_FUNCTIONS] }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
    },
  },
);
