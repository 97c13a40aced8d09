import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const FEATURES = ['accounts', 'booking', 'admin', 'audit', 'operations'];

// bulletproof-react's one-way dependencies: shared code (lib, components, machines) never reaches into
// features or the app, and a feature never imports another feature; only src/app composes them.
const boundaries = [
  {
    files: ['src/lib/**', 'src/components/**', 'src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'Shared code must not depend on features or the app.' },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...FEATURES.filter((f) => f !== feature).map((f) => `@/features/${f}*`), '@/app/*'],
              message: 'Features do not import each other or the app; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
];

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'coverage'] },
  // Every word a person reads comes from src/i18n's catalogues, in both languages: a literal in markup is a
  // screen that stays English in Persian.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'warn',
        {
          mode: 'jsx-only',
          // Code that markup passes along, never read by a person: routes, form field names, test ids, the
          // variants and tones of the shared components, the browser's autofill and keyboard hints.
          'jsx-attributes': {
            exclude: [
              'className',
              'style',
              'type',
              'key',
              'id',
              'width',
              'height',
              'to',
              'href',
              'name',
              'data-.*',
              'variant',
              'tone',
              'kind',
              'size',
              'autoComplete',
              'autoCapitalize',
              'inputMode',
              'role',
              'lang',
              'dir',
              'aria-current',
              'value',
            ],
          },
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'register',
              'navigate',
              'snapshot.matches',
              'shown',
              'orderField',
              'matches',
              'can',
              'includes',
              'startsWith',
              'endsWith',
            ],
          },
        },
      ],
    },

  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // A cycle makes module order decide what is initialised first (and hides a missing boundary); the resolver
  // follows tsconfig's `@/` paths so aliased imports count too.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // State codes are the lifecycle files' business: compare through src/lib/lifecycle (isState, stateName), so
  // a renumbered state cannot silently break a screen. Single digits only: HTTP statuses are three.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['left.property', 'left.expression.property'].map((member) => ({
          selector: `BinaryExpression[operator=/^[!=]==?$/][${member}.name=/^(state|status|orderState)$/][right.raw=/^[0-9]$/]`,
          message: 'Compare state codes through src/lib/lifecycle (isState, stateName), not number literals.',
        })),
      ],
    },
  },
  ...boundaries,
);
