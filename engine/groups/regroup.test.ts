import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../import/run-import';
import { previewRegroup, regroupDataset } from './regroup';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

let workspace: Workspace;
let cleanup: () => void;

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  const records = [0, 1, 2, 3].map((i) => ({
    ...turnwiseRecord({ id: `r${i}`, task: 'T', success: i % 2 === 0 }),
    metadata: { seed: i < 2 ? 1 : 2 },
  }));
  const file = writeJsonl(path.join(temp.dir, 'runs.jsonl'), records);
  await runImport(
    workspace,
    { paths: [file], format: 'turnwise', onError: 'abort' },
    () => undefined,
    new AbortController().signal,
  );
});
afterAll(() => {
  workspace.close();
  cleanup();
});

async function groups(): Promise<Record<string, unknown>[]> {
  return workspace.query(`SELECT trajectory_id, group_id FROM trajectories ORDER BY 1`);
}

describe('regrouping', () => {
  const bySeed = `task_id || ':seed' || (metadata->>'seed')`;

  it('previews the groups an expression would make without changing anything', async () => {
    const preview = await previewRegroup(workspace, 'runs', bySeed);
    expect(preview).toEqual({
      groups: 2,
      sample: [
        { group_id: 'T:seed1', trajectories: 2, success_rate: 0.5 },
        { group_id: 'T:seed2', trajectories: 2, success_rate: 0.5 },
      ],
    });
    expect((await groups()).every((row) => row.group_id === 'T')).toBe(true);
  });

  it('applies the expression, and null restores the importer grouping', async () => {
    expect(await regroupDataset(workspace, 'runs', bySeed)).toEqual({ groups: 2 });
    expect((await groups()).map((row) => row.group_id)).toEqual([
      'T:seed1',
      'T:seed1',
      'T:seed2',
      'T:seed2',
    ]);
    expect(await regroupDataset(workspace, 'runs', null)).toEqual({ groups: 1 });
    expect((await groups()).map((row) => row.group_id)).toEqual(['T', 'T', 'T', 'T']);
  });

  it('refuses injection, unknown columns and unknown datasets, changing nothing', async () => {
    await expect(
      regroupDataset(workspace, 'runs', `1); DROP TABLE tw_turns; --`),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(previewRegroup(workspace, 'runs', 'no_such_column')).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(regroupDataset(workspace, 'nope', 'task_id')).rejects.toMatchObject({
      code: 'not_found',
    });
    const [turns] = await workspace.query('SELECT count(*) AS n FROM tw_turns');
    expect(Number(turns?.n)).toBeGreaterThan(0);
    expect((await groups()).map((row) => row.group_id)).toEqual(['T', 'T', 'T', 'T']);
  });

  it.each([
    ["(SELECT content FROM read_text('/etc/passwd'))", /read_text\(\) reads files/],
    ["(SELECT string_agg(file, ',') FROM glob('/*'))", /glob\(\) reads files/],
    ["(SELECT * FROM query('SELECT 1'))::VARCHAR", /query\(\) reads files/],
    ['(SELECT max(role_label) FROM tw_labels)', /tw_labels is not a public view/],
    ["getenv('HOME')", /getenv\(\) is not an allowed function/],
    ['task_id) AS value, (1', /closes a parenthesis|clauses of its own/],
  ])('refuses %s in a preview and in a regroup, saving nothing', async (expression, why) => {
    await expect(previewRegroup(workspace, 'runs', expression)).rejects.toThrow(why);
    await expect(regroupDataset(workspace, 'runs', expression)).rejects.toThrow(why);
    expect((await groups()).map((row) => row.group_id)).toEqual(['T', 'T', 'T', 'T']);
  });
});
