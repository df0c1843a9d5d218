import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The yaml library's own readers cost the square of a section's keys (its duplicate-key check):
 * one editor's draft read with them held every visitor for seconds. Server code reads YAML
 * with parseYaml (src/content/yamlSource.ts) alone.
 */
const yamlReaders = {
  name: 'yaml',
  importNames: ['parse', 'parseDocument', 'parseAllDocuments', 'Parser', 'Composer'],
  message: 'Read YAML with parseYaml (src/content/yamlSource.ts): its cost grows with the text only, and it caps keys and aliases.',
};

const serverImports = [
  {
    regex: '(^|/)src/(?!shared/|content/|blocks/blockRules)',
    message: "The server may import from src/ only through src/shared/, src/content/ and the blocks' rules.",
  },
  { regex: '^virtual:', message: 'The server runs without Vite: no virtual modules.' },
];
const noVirtual = [{ regex: '^virtual:', message: 'Only src/app and src/blocks may import Vite virtual modules.' }];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '**/*.generated.ts', 'tests/hostile/prototypeProbe.mjs'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Unused names are a type error already (tsconfig's noUnusedLocals); a leading _ marks a deliberate discard.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.tsx'],
    rules: {
      // Safari drops list semantics from lists styled without bullets unless the role is explicit.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // A scrollable region must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'], tags: [] }],
    },
  },
  {
    // The server reaches the site's code only through src/shared, the contract both sides keep, and
    // src/content, the content layer; its entry also takes the page renderer from src/app.
    files: ['api/**/*.ts'],
    ignores: ['api/main.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [yamlReaders], patterns: serverImports }],
    },
  },
  // Tests read their own YAML as they like.
  { files: ['api/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: serverImports }] } },
  {
    // Vite's virtual modules are for the browser's own code: the server and the shared layers must run under plain Node.
    files: ['src/shared/**/*.{ts,tsx}', 'src/content/**/*.ts', 'src/shell/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: noVirtual }],
    },
  },
  {
    // The content layer is the server's too. yamlSource.ts is the reader; the blocks' words are developers' files, read at build.
    files: ['src/content/**/*.ts'],
    ignores: ['src/content/yamlSource.ts', 'src/content/blockWords.ts', 'src/content/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [yamlReaders], patterns: noVirtual }] },
  },
  {
    // A block is drawn by the app, never the other way round.
    files: ['src/blocks/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)app/', message: 'Blocks may not import from src/app: the app uses blocks, not the reverse.' }] },
      ],
    },
  },
  prettier,
);
