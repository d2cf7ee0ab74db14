// ESLint (run by `npm test`): typescript-eslint's recommended rules plus the few
// type-aware ones that catch real bugs here (a promise nobody awaits or catches,
// a promise where a callback's void was expected), React's rules of hooks, and
// the house's 300-line limit.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Over 300 lines today and being split now by whoever owns them: remove when under 300. The lead removes this list
 * once those splits land; nothing is added to it.
 */
const BEING_SPLIT_NOW = [
  'build/build.ts',
  'web/app/PageSkeleton.tsx',
  'mock-server/sessions/journal.ts',
  'mock-server/stream/games/catcher.ts',
  'mock-server/stream/games/racer.ts',
  'mock-server/stream/games/shooter.ts',
  'tests/e2e/controls-input.test.ts',
  'tests/mock-server/helpers.ts',
  'tests/mock-server/stream-games.test.ts',
];

/**
 * exhaustive-deps findings in files being rewritten by others now (App's redirect effect, the layout editor's
 * set-up effect): warnings, so lint passes meanwhile, until those rewrites fix them; then this list goes.
 */
const HOOK_DEPS_PENDING = ['web/app/App.tsx', 'web/pages/submodules/game/game/LayoutEditorHost.tsx'];

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
    // Every line counts, blank and comment too: a reader reads them all, and "≤ 300 lines" then means what `wc -l`
    // and the editor say. Data lives in JSON (fixtures/, locales/), which is not linted; a TypeScript file that must
    // be longer is exempted here by name, with its reason beside it (none is today).
    files: ['**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    // being split now: remove when under 300
    files: BEING_SPLIT_NOW,
    rules: { 'max-lines': 'off' },
  },
  {
    // React's rules apply to the app; tests name their vitest set-up helpers use… too, which are not hooks.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useAsync and usePaged take a callback and the key it depends on, as useEffect does: each call site's key is
      // checked against its callback like an effect's list.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^(useAsync|usePaged)$' }],
    },
  },
  {
    // exhaustive-deps pending in files owned by others now: remove when their fixes land
    files: HOOK_DEPS_PENDING,
    rules: { 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
