import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import architecture from './eslint/architecture.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '.tmp/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', window: 'readonly', document: 'readonly', fetch: 'readonly', AbortController: 'readonly' } },
    plugins: { architecture },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      // DESIGN §2 layering and "SQL only in an area's queries.ts" (eslint/architecture.js).
      'architecture/layers': 'error',
      'architecture/sql-in-queries': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // An area's hooks and api are used by light widgets (the header's bell, the home page, the payer's cashier):
    // the list kit's index would bring all of it (pro-components, ~320 KiB gzipped) with them (issue 10).
    files: ['apps/web/src/features/*/hooks.ts', 'apps/web/src/features/*/api.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: 'components/list$', message: "Import the module itself (e.g. '../../components/list/keys'), not the list kit's index." }] }],
    },
  },
);
