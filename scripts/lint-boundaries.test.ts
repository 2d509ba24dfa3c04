// The runtime import matrix of docs/ARCHITECTURE.md is enforced by lint: a violation fails
// `npm test`. Zones are folders, so each case is also tried two and three folders deep, where
// the old one-folder relative denylists let imports through.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import manifest from '../package.json';
import { DEPENDENCY_CLASSES } from './lint/dependency-classes.mjs';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
const RULES = [
  'boundaries/dependencies',
  'no-restricted-syntax',
  'no-restricted-properties',
  'no-restricted-imports',
];

/** The boundary messages for `code` linted as if it were `file`; a parse error fails the test. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  const messages = result?.messages ?? [];
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId && RULES.includes(m.ruleId)).map((m) => m.message);
}

const use = (source: string) => `import * as m from '${source}';\nexport const a = m;\n`;

describe('runtime boundaries', () => {
  it.each([
    // shared: pure, an allowlist of packages
    ['shared/x.ts', use('node:fs')],
    ['shared/x.ts', use('path')],
    ['shared/x.ts', use('electron')],
    ['shared/x.ts', use('react')],
    ['shared/x.ts', use('lodash')],
    ['shared/x.ts', use('@mui/material/Box')],
    ['shared/x.ts', use('@duckdb/node-api')],
    ['shared/x.ts', use('vitest')],
    ['shared/x.ts', use('../engine/engine')],
    ['shared/a.ts', use('../renderer/App')],
    ['shared/a/b.ts', use('../../electron/ipc')],
    ['shared/a/b/c.ts', use('../../../scripts/serve-workspace')],
    // engine: node + DuckDB, never electron, the UI or electron/ outside engine
    ['engine/x.ts', use('electron')],
    ['engine/store/x.ts', use('electron/main')],
    ['engine/store/x.ts', use('react')],
    ['engine/store/x.ts', use('@mui/material/Button')],
    ['engine/store/x.ts', use('../../electron/ipc')],
    ['engine/store/x.ts', use('../../server/server')],
    ['engine/store/x.ts', use('../../server/paths')],
    ['engine/store/x.ts', use('../../cli/serve-command')],
    ['engine/a/b/c.ts', use('../../../electron/request-guard')],
    ['engine/a/b/c.ts', use('../../../electron/main')],
    ['engine/store/x.ts', use('../../renderer/App')],
    ['engine/store/x.ts', use('../../scripts/serve-workspace')],
    ['engine/store/x.ts', "export { a } from '../../electron/ipc';\n"],
    ['engine/store/x.ts', "import type { A } from '../../electron/ipc';\nexport type B = A;\n"],
    ['engine/store/x.ts', "export const a = () => import('../../electron/ipc');\n"],
    // engine tests may reach the CLI, but never the renderer
    ['engine/store/x.test.ts', use('../../renderer/App')],
    // packages by class: each zone only its own (scripts/lint/dependency-classes.mjs)
    ['engine/x.ts', use('react-markdown')],
    ['engine/a/b.ts', use('lowlight')],
    ['engine/x.ts', use('anser')],
    ['engine/x.ts', use('esbuild')],
    ['engine/x.ts', use('left-pad')],
    ['server/x.ts', use('@tanstack/react-query')],
    ['renderer/x.ts', use('yauzl')],
    ['renderer/features/a/b.tsx', use('@huggingface/tokenizers')],
    ['renderer/x.ts', use('fzstd')],
    ['renderer/x.ts', use('esbuild')],
    ['shared/x.ts', use('ajv')],
    ['shared/x.ts', use('anser')],
    // test scaffolding is test code, not a way into Electron's main process
    ['engine/x-test-support.ts', use('../electron/main')],
    ['engine/a/b-test-support.ts', use('../../electron/ipc')],
    ['cli/x-test-support.ts', use('../electron/main')],
    ['renderer/x.test.ts', use('@duckdb/node-api')],
    // the engine parses rows, it does not cast them
    [
      'engine/store/x.ts',
      "import type { Workspace } from './workspace';\n" +
        "export const f = async (w: Workspace) => (await w.query('SELECT 1')) as unknown[];\n",
    ],
    ['engine/a/x.ts', 'export const g = (x: number) => x as unknown as string;\n'],
    // rows are read with a schema; a plain query() is a write
    [
      'engine/a/x.ts',
      "import type { Workspace } from '../store/workspace';\n" +
        "export const f = async (w: Workspace) => { const rows = await w.query('SELECT 1'); return rows; };\n",
    ],
    // features reach each other only through components/ and transcript/; pages compose
    ['renderer/features/compare/X.tsx', use('../explorer/TrajectoryTable')],
    ['renderer/features/compare/a/X.tsx', use('../../credit/CreditPanel')],
    ['renderer/components/X.tsx', use('../features/credit/CreditPanel')],
    ['renderer/transcript/X.tsx', use('../features/labels/LabelingPanel')],
    ['renderer/features/credit/CreditSummary.tsx', use('../review/AddToReviewButton')],
    // bin: only the built launcher, which it loads by URL
    ['bin/x.js', use('../scripts/cli-build.mjs')],
    ['bin/x.js', use('../cli/main')],
    ['bin/x.js', use('tsx/esm/api')],
    // nothing of the app imports test code
    ['engine/store/x.ts', use('../testing/test-support')],
    ['engine/x.ts', use('./testing/servers/toy-model')],
    ['cli/x.ts', use('../engine/testing/test-support')],
    ['server/a/b.ts', use('../../engine/testing/dispatch-test-support')],
    // electron: never the renderer or UI libraries, never the tools
    ['electron/x.ts', use('../renderer/App')],
    ['cli/x.ts', use('../renderer/features/a')],
    ['cli/a/b.ts', use('electron')],
    ['cli/x.ts', use('electron/main')],
    ['cli/x.ts', use('react')],
    // server: plain Node under the CLI and Electron, never either of them
    ['server/x.ts', use('electron')],
    ['server/a/b.ts', use('../../cli/main')],
    ['server/x.ts', use('../electron/ipc')],
    ['server/x.ts', use('react')],
    ['electron/x.ts', use('../scripts/serve-workspace')],
    ['cli/x.ts', use('../bench/run')],
    // renderer: browser only
    ['renderer/x.ts', use('node:fs')],
    ['renderer/features/a/b.tsx', use('fs')],
    ['renderer/features/x.ts', use('electron')],
    ['renderer/features/a/b.tsx', use('@duckdb/node-api')],
    ['renderer/x.ts', use('../engine/engine')],
    ['renderer/features/a/b.tsx', use('../../../engine/y')],
    ['renderer/features/a/b.tsx', use('../../../electron/ipc')],
    ['renderer/features/a/b.tsx', use('../../../scripts/x')],
    ['renderer/features/a/b.tsx', use('../../../bench/run')],
    ['renderer/features/a/b/c.tsx', use('../../../../e2e/api')],
    ['renderer/x.ts', use('../package.json')],
    [
      'renderer/x.tsx',
      'export const A = (p: { t: string }) => <div dangerouslySetInnerHTML={{ __html: p.t }} />;\n',
    ],
    ['renderer/a/x.ts', 'export const f = (e: Element, t: string) => { e.innerHTML = t; };\n'],
  ])('%s may not: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['shared/x.ts', use('zod')],
    ['shared/x.ts', use('./api')],
    ['shared/x.test.ts', use('vitest')],
    ['engine/x.ts', use('node:fs')],
    ['engine/store/x.ts', use('@duckdb/node-api')],
    ['engine/store/x.ts', use('../../shared/api')],
    ['engine/a/b/c.ts', use('../../../shared/model')],
    ['engine/store/x.ts', use('../core/dispatch')],
    ['engine/x.ts', use('../package.json')],
    ['engine/x.test.ts', use('../cli/cli-test-support')],
    ['engine/store/x.test.ts', use('../../scripts/serve-workspace')],
    ['electron/x.ts', use('electron')],
    ['electron/x.ts', use('../engine/engine')],
    ['cli/x.ts', use('../engine/store/workspace')],
    ['cli/x.ts', use('../shared/api')],
    ['cli/x.ts', use('node:http')],
    ['cli/x.ts', use('../server/server')],
    ['server/x.ts', use('../engine/core/engine-types')],
    ['server/x.ts', use('node:http')],
    ['electron/x.ts', use('../server/content-types')],
    ['renderer/x.ts', use('../shared/api')],
    ['renderer/features/a/b.tsx', use('../../../shared/api')],
    ['renderer/features/a/b.tsx', use('@mui/material/Box')],
    ['renderer/features/a/b.tsx', use('react')],
    ['renderer/features/a/b.test.tsx', use('@testing-library/react')],
    ['renderer/features/a/b.tsx', use('react-markdown')],
    ['renderer/x.ts', use('lowlight')],
    ['engine/x.ts', use('yauzl')],
    ['engine/a/b.ts', use('@huggingface/tokenizers')],
    ['engine/x.test.ts', use('esbuild')],
    ['electron/x.test.ts', use('esbuild')],
    ['engine/store/x.test.ts', use('../testing/test-support')],
    ['engine/testing/x.ts', use('./test-support')],
    ['cli/x.test.ts', use('../engine/testing/test-support')],
    ['scripts/x.ts', use('../engine/engine')],
    ['scripts/a/b.ts', use('../../renderer/App')],
    ['bench/x.ts', use('../scripts/serve-workspace')],
    ['e2e/x.ts', use('node:fs')],
    ['bin/x.js', use('node:fs')],
    ['renderer/features/compare/X.tsx', use('./ComparePage')],
    ['renderer/features/compare/X.tsx', use('../../components/filters/ActiveFilterChips')],
    ['renderer/features/compare/X.tsx', use('../../transcript/TurnCard')],
    ['renderer/features/trajectory/OtherPage.tsx', use('../credit/CreditPanel')],
    ['renderer/pages.ts', use('./features/runs/RunsPage')],
    ['renderer/features/compare/X.test.tsx', use('../explorer/TrajectoryTable')],
    ['engine/x.test.ts', 'export const g = (x: number) => x as unknown as string;\n'],
    [
      'engine/a/x.ts',
      "import type { Workspace } from '../store/workspace';\n" +
        "export const f = async (w: Workspace) => { await w.query('DELETE FROM t'); };\n",
    ],
  ])('%s may: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('package classes', () => {
  it('classify every dependency of package.json once', () => {
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(declared.filter((name) => !(name in DEPENDENCY_CLASSES))).toEqual([]);
    expect(Object.keys(DEPENDENCY_CLASSES).filter((name) => !declared.includes(name))).toEqual([]);
  });
});
