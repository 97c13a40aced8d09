import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const FEATURES = ['accounts', 'booking', 'admin', 'audit', 'operations'];

// Attributes and props whose text is shown or spoken: a literal there stays English in Persian.
const PEOPLE_READ = [
  'label',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'alt',
  'hint',
  'description',
  'caption',
  'legend',
  'prompt',
  'subject',
  'heading',
  'message',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'sendLabel',
  'what',
  'notFound',
  'fallback',
  'error',
  'done',
  'act',
  'keep',
  'names',
  'actions',
  'data-label',
  'text',
  'tooltip',
];
// Calls whose string arguments are keys, codes or paths, never words.
const NOT_WORDS = [
  't',
  'i18next.t',
  'i18n.t',
  'isState',
  'isNamed',
  'stateName',
  'stateCodes',
  'getState',
  'isFinal',
  'staffCan',
  'can',
  'register',
  'watch',
  'setValue',
  'getValues',
  'trigger',
  'resetField',
  'clearErrors',
  'setError',
  'useWatch',
  'set',
  'setState',
  'setAction',
  'setDialog',
  'field',
  'label',
  'titleOf',
  'formatAt',
  'useTranslation',
  'api.get',
  'api.put',
  'api.post',
  'api.delete',
  'encodeURIComponent',
  'String',
  'join',
  'includes',
  'startsWith',
  'endsWith',
  'navigate',
  'get',
  'has',
  'fieldLabel',
  'fieldWords',
  'message',
  'localDigits',
  'querySelector',
  'customerLabel',
  'reviseOf',
  'matches',
  'snapshot.matches',
  'state.matches',
  'closest',
  'matchMedia',
  'split',
  'replace',
];

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
        'error',
        {
          mode: 'jsx-only',
          // Only the attributes a person reads (or hears): `variant="outline"`, `to=`, `dir=` are code.
          'jsx-attributes': { include: PEOPLE_READ },
          callees: { exclude: NOT_WORDS },
          // Numbers and punctuation, CONSTANTS, and a lone lower-case or camelCase token (a key, a class
          // name, a machine state) are not words.
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~]+',
              '[A-Z_-]+',
              '[a-z][a-zA-Z0-9]*',
              '✓',
              '×',
              '·',
              '→',
              '←',
              '…',
              '–',
              '‹',
              '›',
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
        // A toast is read like any screen (the markup rule above does not see a call's arguments).
        ...['Literal', 'TemplateLiteral'].map((kind) => ({
          selector: `CallExpression[callee.object.name='toast'] > ${kind}.arguments`,
          message: "A toast's words come from src/i18n's catalogues (t('...')), not a literal.",
        })),
      ],
    },
  },
  ...boundaries,
);
