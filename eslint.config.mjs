// Lint for the whole workspace (`pnpm lint`, run by `pnpm test` beside the import boundaries).
// Not type-aware: typescript-eslint's recommended rules without type information (the typecheck
// is tsc's job, `pnpm typecheck`), which keeps a full run to seconds on a small machine.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '.tools/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'bench/.runs/',
    'bench/single-bundle/exposedPages.js',
    '**/.variants/',
    '**/.deploy/',
    '**/.data/',
    '**/.firebase/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic rules of hooks. The v7 plugin's React Compiler rules are left out: the site does
    // not build with the compiler, and they judge code by its rules.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_name` marks what is there for its position or its type only.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The site's code reads and writes cookies through shared-ui's cookies.ts, which reads every
    // cookie at once, once a task (each read of document.cookie is a synchronous call to the
    // browser); a test may set a cookie as a server would.
    files: ['{shell,mfe-*,shared-ui,rendering}/src/**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/cookies.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'js-cookie', message: "Read and write cookies with @site/shared-ui/cookies (shared-ui's cookies.ts)." }] }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tools/jest*.cjs', '**/testing/jestSetup.ts'],
    languageOptions: { globals: globals.jest },
    // jest.isolateModules and a module's fresh copy need require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
