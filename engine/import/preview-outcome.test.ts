// The import preview shows the outcomes the import will store: on the real tau-bench results
// (rewards 0 and 1, no verdict of their own) the preview's outcomes equal the stored ones.
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { samplePath, tempDir } from '../testing/test-support';
import { previewImport } from './preview-import';
import { runImport } from './run-import';

const TAU = 'tau-bench/gpt-4o-airline.subset4.json';
let dir = '';
let cleanup: () => void = () => undefined;
let workspace: Workspace;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterEach(() => {
  workspace.close();
  cleanup();
});

it('previews tau-bench outcomes by the default rule, as the import stores them', async () => {
  const request = { paths: [samplePath(TAU)], format: 'auto', on_error: 'abort' as const };
  const preview = await previewImport({ ...request, format_options: {} });
  expect(preview.outcome_rule).toBe('reward >= 1');
  const previewed = preview.trajectories.map((t) => [t.source_id, t.reward, t.success]);
  expect(previewed.some(([, , success]) => success === true)).toBe(true);
  expect(previewed.some(([, , success]) => success === false)).toBe(true);

  await runImport(
    workspace,
    { paths: request.paths, format: 'auto', onError: 'abort' },
    () => undefined,
    new AbortController().signal,
  );
  const stored = await workspace.query(
    `SELECT source_id, reward, success FROM trajectories ORDER BY source_id`,
  );
  const byId = (rows: unknown[][]) =>
    [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  expect(byId(stored.map((row) => [row.source_id, row.reward, row.success]))).toEqual(
    byId(previewed),
  );
});
