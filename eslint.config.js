// Lint rules, including the runtime import matrix (docs/ARCHITECTURE.md). Every rule is an
// allowlist: a zone imports the zones listed for it and the packages of its classes
// (scripts/lint/dependency-classes.mjs), nothing else.
//   shared   -> pure packages
//   engine   -> shared, Node, node packages
//   server   -> engine, shared, Node, node packages
//   cli      -> server, engine, shared, Node, node packages
//   electron -> server, engine, shared, Node, node packages, Electron
//   renderer -> shared, dom packages; a feature (renderer/features/X) imports itself, the rest of
//               the renderer and shared/, and only its pages (*Page.tsx) embed other features
//   tools    -> scripts/, bench/, e2e/ may import anything; nothing of the app imports them
//   bin      -> Node only: it runs the built launcher in out/cli/
// Zones are folders matched from the repository root, so the matrix holds at any depth.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { packagesOfClasses, ZONE_CLASSES } from './scripts/lint/dependency-classes.mjs';

/** Zones by folder; the first match wins, so the features precede the rest of the renderer. */
const zones = [
  { type: 'shared', pattern: 'shared', partialMatch: false },
  { type: 'engine', pattern: 'engine', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'cli', pattern: 'cli', partialMatch: false },
  { type: 'electron', pattern: 'electron', partialMatch: false },
  // Each folder of renderer/features/ is a feature of its own (its name captured); the rest of
  // the renderer (components/, transcript/, api/, the root's routes) is the renderer zone.
  { type: 'feature', pattern: 'renderer/features/*', capture: ['feature'], partialMatch: false },
  { type: 'renderer', pattern: 'renderer', partialMatch: false },
  { type: 'tools', pattern: '{scripts,bench,e2e}', partialMatch: false },
  { type: 'bin', pattern: 'bin', partialMatch: false },
];

/**
 * Files by what they are: test code (only under vitest), the renderer's pages and routes, package.json
 * (read for the app's version) and tool configs.
 */
const fileCategories = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'test', pattern: '**/*test-support.ts' },
  { category: 'test', pattern: 'renderer/test/**' },
  // A page composes other features' panels; the renderer's root files route to the pages.
  { category: 'page', pattern: 'renderer/features/*/*Page.tsx' },
  { category: 'routes', pattern: 'renderer/*.{ts,tsx}' },
  { category: 'test', pattern: 'engine/testing/**' },
  { category: 'manifest', pattern: 'package.json' },
  { category: 'config', pattern: '*.config.{ts,js}' },
];

/**
 * zod's `z` as a named import is a namespace object that esbuild keeps whole (every locale and
 * schema kind) in the CLI's build; `import * as z` lets it drop what is unused.
 */
const ZOD_NAMESPACE_IMPORT = {
  selector:
    "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'` (docs/performance.md, CLI start).",
};

/**
 * Rows are parsed, not cast (engine/store/query-as.ts, row-schemas.ts): a double cast or a cast
 * of what a query returned hides a column that does not hold what the code expects.
 */
const ROW_CASTS = [
  {
    selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
    message: 'No `as unknown as` in the engine: parse with a zod schema (queryAs, row-schemas.ts).',
  },
  {
    selector:
      "TSAsExpression > AwaitExpression.expression > CallExpression.argument > MemberExpression.callee[property.name='query']",
    message: 'Do not cast query rows: use workspace.queryAs(schema, ...) (store/query-as.ts).',
  },
];

/** Rows a query returns are read with a schema: only a write's `await x.query(...);` stays plain. */
const UNPARSED_READS = [
  ':not(ExpressionStatement) > AwaitExpression',
  'ReturnStatement',
  'VariableDeclarator',
]
  .map((parent) => `${parent} > CallExpression[callee.property.name='query']`)
  .map((selector) => ({
    selector,
    message:
      'Read rows with workspace.queryAs(schema, ...) (store/query-as.ts); plain query() is for writes.',
  }));

const zone = (type) => ({ element: { type } });
const packages = (source) => ({ module: { origin: 'external', source } });
const core = { module: { origin: 'core' } };
const local = (...types) => types.map(zone);

/** A zone's own imports: the zones below it, Node's built-ins where it runs on Node, its packages. */
const zonePolicy = (type, below, withCore = true) => ({
  from: zone(type),
  allow: {
    to: [
      ...local(...below),
      ...(withCore ? [core] : []),
      packages(packagesOfClasses(ZONE_CLASSES[type])),
    ],
  },
});

const boundaryPolicies = [
  zonePolicy('shared', [], false),
  zonePolicy('engine', ['shared']),
  zonePolicy('server', ['engine', 'shared']),
  zonePolicy('cli', ['server', 'engine', 'shared']),
  zonePolicy('electron', ['server', 'engine', 'shared']),
  zonePolicy('renderer', ['shared'], false),
  zonePolicy('feature', ['shared', 'renderer'], false),
  // Features reach each other only through components/ and transcript/ (the renderer zone): a
  // feature imports its own folder, and only a page embeds another feature's panels.
  {
    from: zone('feature'),
    allow: {
      to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } },
    },
  },
  {
    from: { element: { type: 'feature' }, file: { categories: 'page' } },
    allow: { to: zone('feature') },
  },
  {
    from: { element: { type: 'renderer' }, file: { categories: 'routes' } },
    allow: { to: zone('feature') },
  },
  // bin/ runs the built launcher (out/cli/launch.mjs, loaded by URL) and needs only Node.
  { from: zone('bin'), allow: { to: [core] } },
  {
    from: zone('tools'),
    allow: {
      to: [
        ...local('shared', 'engine', 'server', 'cli', 'electron', 'renderer', 'feature', 'tools'),
        core,
        // Tools reach into the packages' own dependencies (electron-builder's, Playwright's).
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
  // Test code is not product code: nothing of the app imports it (the tests' own allowances below
  // come later, so they win).
  {
    from: local('shared', 'engine', 'server', 'cli', 'electron', 'renderer', 'feature'),
    disallow: { to: { file: { categories: 'test' } } },
  },
  { from: { file: { categories: 'test' } }, allow: { to: { file: { categories: 'test' } } } },
  // Last, so they win: tests may use test and tool packages wherever they live, and engine tests
  // drive the engine through the CLI, the server and the tools' workspace server as well as
  // directly; no test outside electron/ reaches Electron's main process.
  {
    from: { file: { categories: 'test' } },
    allow: { to: [packages(packagesOfClasses(['test', 'tool']))] },
  },
  // A feature's tests may render what another feature shows beside it.
  { from: { file: { categories: 'test' } }, allow: { to: zone('feature') } },
  {
    from: { element: { type: 'engine' }, file: { categories: 'test' } },
    allow: { to: local('server', 'cli', 'tools') },
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
    files: [
      '{shared,engine,server,cli,electron,renderer,scripts,bench,e2e,bin}/**/*.{ts,tsx,js,mjs}',
    ],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': zones,
      'boundaries/files': fileCategories,
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
    files: ['engine/**/*.ts'],
    ignores: [
      'engine/testing/**',
      '**/*.test.ts',
      // Typed plumbing, not rows: a generic handler table, and DuckDB's connection prototype.
      'engine/lazy-handlers.ts',
      'engine/store/single-statement.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ZOD_NAMESPACE_IMPORT, ...ROW_CASTS, ...UNPARSED_READS],
    },
  },
  {
    // queryAs itself reads the plain rows it then parses.
    files: ['engine/store/workspace.ts'],
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE_IMPORT, ...ROW_CASTS] },
  },
  {
    // Within the engine the zone rule does not apply (one zone): its scaffolding is kept out of
    // product code by name.
    files: ['engine/**/*.ts'],
    ignores: ['engine/testing/**', '**/*.test.ts', '**/*test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)testing/',
              message: 'engine/testing/ is test scaffolding: only tests import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A command writes through cli/output.ts, the streams main() was given, so that a test can
    // run it in its own process and read what it wrote.
    files: ['cli/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*test-support.ts', 'cli/output.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        ...['stdout', 'stderr'].map((property) => ({
          object: 'process',
          property,
          message: 'Write through cli/output.ts (printLine, output()), not the process streams.',
        })),
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
