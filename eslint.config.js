// Lint rules, including the runtime import matrix (docs/ARCHITECTURE.md):
//   shared   -> itself and an allowlist of pure packages (zod)
//   engine   -> shared, node, DuckDB; never electron, the renderer or electron/*.ts outside engine
//   electron -> engine, shared, node, electron; never the renderer
//   renderer -> shared and browser libraries; never node, electron, DuckDB or the engine
//   tools    -> scripts/, bench/, e2e/ may import anything; nothing of the app imports them
// Zones are folders matched from the repository root, so the matrix holds at any depth.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/** Zones by folder; the first match wins, so engine precedes electron. */
const zones = [
  { type: 'shared', pattern: 'shared', partialMatch: false },
  { type: 'engine', pattern: 'engine', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'cli', pattern: 'cli', partialMatch: false },
  { type: 'electron', pattern: 'electron', partialMatch: false },
  { type: 'renderer', pattern: 'renderer', partialMatch: false },
  { type: 'tools', pattern: '{scripts,bench,e2e}', partialMatch: false },
];

/** Files that only run under vitest, package.json (read for the app's version) and tool configs. */
const testFiles = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'test', pattern: '**/*test-support.ts' },
  { category: 'test', pattern: '**/export-test-workspace.ts' },
  { category: 'test', pattern: 'renderer/test/**' },
  { category: 'manifest', pattern: 'package.json' },
  { category: 'config', pattern: '*.config.{ts,js}' },
];

/** Packages shared/ may use: it runs in every runtime, so only pure ones. */
const sharedPackages = ['zod'];
const testPackages = ['vitest', '@testing-library/*'];
const uiPackages = [
  'react',
  'react-dom',
  '@mui/*',
  '@emotion/*',
  '@tanstack/*',
  'echarts',
  'monaco-editor',
];
const nodeOnlyPackages = ['electron', '@duckdb/*'];

/**
 * zod's `z` as a named import is a namespace object that esbuild keeps whole (every locale and
 * schema kind) in the CLI's build; `import * as z` lets it drop what is unused.
 */
const ZOD_NAMESPACE_IMPORT = {
  selector:
    "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'` (docs/performance.md, CLI start).",
};

const zone = (type) => ({ element: { type } });
const packages = (source) => ({ module: { origin: 'external', source } });
const core = { module: { origin: 'core' } };
const local = (...types) => types.map(zone);

const boundaryPolicies = [
  { from: zone('shared'), allow: { to: [packages(sharedPackages)] } },
  {
    from: zone('engine'),
    allow: { to: [...local('shared'), core, packages('**')] },
  },
  { from: zone('engine'), disallow: { to: [packages(['electron', ...uiPackages])] } },
  {
    from: zone('server'),
    allow: { to: [...local('engine', 'shared'), core, packages('**')] },
  },
  { from: zone('server'), disallow: { to: [packages(['electron', ...uiPackages])] } },
  {
    from: zone('cli'),
    allow: { to: [...local('server', 'engine', 'shared'), core, packages('**')] },
  },
  { from: zone('cli'), disallow: { to: [packages(['electron', ...uiPackages])] } },
  {
    from: zone('electron'),
    allow: { to: [...local('server', 'engine', 'shared'), core, packages('**')] },
  },
  { from: zone('electron'), disallow: { to: [packages(uiPackages)] } },
  {
    from: zone('renderer'),
    allow: { to: [...local('shared'), packages('**')] },
  },
  { from: zone('renderer'), disallow: { to: [packages(nodeOnlyPackages)] } },
  {
    from: zone('tools'),
    allow: {
      to: [
        ...local('shared', 'engine', 'server', 'cli', 'electron', 'renderer', 'tools'),
        core,
        packages('**'),
      ],
    },
  },
  {
    from: local('engine', 'server', 'cli', 'electron', 'tools'),
    allow: { to: { file: { categories: 'manifest' } } },
  },
  // Tool tests read the tools' own configuration (which tests vitest runs).
  { from: zone('tools'), allow: { to: { file: { categories: 'config' } } } },
  // Last, so they win: tests may use test libraries wherever they live, and engine tests drive
  // the engine through the CLI and the tools' workspace server as well as directly.
  { from: { file: { categories: 'test' } }, allow: { to: [packages(testPackages)] } },
  {
    from: { element: { type: 'engine' }, file: { categories: 'test' } },
    allow: { to: local('server', 'cli', 'electron', 'tools') },
  },
  // Staleness tests of generated files (the preload) run the tools' generators.
  {
    from: ['server', 'cli', 'electron'].map((type) => ({
      element: { type },
      file: { categories: 'test' },
    })),
    allow: { to: local('tools') },
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.cache/**',
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
      'no-restricted-syntax': ['error', ZOD_NAMESPACE_IMPORT],
    },
  },
  {
    files: [
      '{engine,server,cli,electron}/**/*.ts',
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
    files: ['{shared,engine,server,cli,electron,renderer,scripts,bench,e2e}/**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': zones,
      'boundaries/files': testFiles,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export', 'require'],
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          message:
            'Crosses a runtime boundary (docs/ARCHITECTURE.md): {{from.type}} may not import {{dependency.source}}.',
          policies: boundaryPolicies,
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Trajectory content is untrusted: render it as text.' },
        { property: 'outerHTML', message: 'Trajectory content is untrusted: render it as text.' },
      ],
      'no-restricted-syntax': [
        'error',
        ZOD_NAMESPACE_IMPORT,
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Trajectory content is untrusted: render it as text.',
        },
      ],
    },
  },
);
