// ESLint (run by `npm test`): typescript-eslint's recommended rules plus the few
// type-aware ones that catch real bugs here (a promise nobody awaits or catches,
// a promise where a callback's void was expected), and React's rules of hooks.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'test-results/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // React's rules apply to the app; tests name their vitest set-up helpers use… too, which are not hooks.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Off on purpose: useAsync/usePaged take a caller's key array and several effects re-arm on a derived
      // key (App's redirect target, the carousel's "not dragging"); the rule cannot read either pattern.
      'react-hooks/exhaustive-deps': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
