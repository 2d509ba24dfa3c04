// Lint rules, including the runtime import matrix (DESIGN section 1):
//   shared   -> nothing but itself and pure libraries (zod)
//   engine   -> shared, node, DuckDB; never electron or the renderer
//   electron -> engine, shared, node, electron; never the renderer
//   renderer -> shared and browser libraries; never node, electron or the engine
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Builds a no-restricted-imports rule from named paths and glob groups. */
function restrict(paths, groups) {
  return [
    'error',
    {
      paths: paths.map((name) => ({
        name,
        message: 'Crosses a runtime boundary (DESIGN section 1).',
      })),
      patterns: groups.map((group) => ({
        group,
        message: 'Crosses a runtime boundary (DESIGN section 1).',
      })),
    },
  ];
}

const reactLibs = [
  'react',
  'react-dom',
  'react-dom/client',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
];

export const boundaryRules = {
  shared: restrict(
    [...nodeBuiltins, 'electron', ...reactLibs, '@duckdb/node-api'],
    [
      ['node:*'],
      ['**/electron/**', '**/electron', '**/renderer/**', '**/renderer'],
      ['@mui/*', 'react/*'],
    ],
  ),
  engine: restrict(
    ['electron', ...reactLibs],
    [
      ['**/renderer/**', '**/renderer'],
      ['../*.ts', '../main', '../window', '../preload', '../ipc', '../server', '../cli'],
      ['@mui/*', 'react/*'],
    ],
  ),
  electron: restrict([...reactLibs], [['**/renderer/**', '**/renderer'], ['@mui/*']]),
  renderer: restrict(
    [...nodeBuiltins, 'electron', '@duckdb/node-api'],
    [['node:*'], ['**/electron/**', '**/electron']],
  ),
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'test-results/**',
      'playwright-report/**',
      'datasets/**',
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: [
      'electron/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'bin/**/*.js',
      '*.config.{ts,js}',
      '.ci/**/*.js',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': boundaryRules.shared },
  },
  {
    files: ['electron/engine/**/*.ts'],
    ignores: ['electron/engine/**/*.test.ts'],
    rules: { 'no-restricted-imports': boundaryRules.engine },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/**/*.test.ts', 'electron/engine/**'],
    rules: { 'no-restricted-imports': boundaryRules.electron },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundaryRules.renderer,
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Trajectory content is untrusted: render it as text.' },
        { property: 'outerHTML', message: 'Trajectory content is untrusted: render it as text.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Trajectory content is untrusted: render it as text.',
        },
      ],
    },
  },
);
