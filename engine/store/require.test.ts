import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../import/run-import';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { requireDataset, requireTrajectory } from './require';
import { Workspace } from './workspace';

const tmp = tempDir();
let workspace: Workspace;

beforeAll(async () => {
  const file = writeJsonl(path.join(tmp.dir, 'runs.jsonl'), [turnwiseRecord({ id: 'a' })]);
  workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
  const never = new AbortController().signal;
  await runImport(
    workspace,
    { paths: [file], format: 'auto', onError: 'abort', dataset: 'runs' },
    () => undefined,
    never,
  );
});
afterAll(() => {
  workspace.close();
  tmp.cleanup();
});

describe('require*', () => {
  it('passes ids the workspace holds', async () => {
    await expect(requireDataset(workspace, 'runs')).resolves.toBeUndefined();
    await expect(requireTrajectory(workspace, 'runs:a')).resolves.toBeUndefined();
  });

  it('refuses unknown ids with not_found and the id in the message', async () => {
    await expect(requireDataset(workspace, 'nope')).rejects.toMatchObject({
      code: 'not_found',
      message: "no dataset with id 'nope'",
    });
    // A trajectory is named by its full id, not the source id within its dataset.
    await expect(requireTrajectory(workspace, 'a')).rejects.toMatchObject({
      code: 'not_found',
      message: "no trajectory with id 'a'",
    });
  });
});
