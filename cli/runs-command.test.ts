// `turnwise import --trained-from`, `turnwise runs` and `turnwise run`: the lineage a researcher
// records from the command line, and the compare scope it makes possible (docs/compare.md).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunComparison } from '../shared/api-compare';
import type { RunInfo } from '../shared/api-runs';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, importRuns, onlyJson, turnwise } from './cli-test-support';

const workspace = cliWorkspace();
const { db, dir } = workspace;
const exportDir = path.join(dir, 'sft');

// The base run fails T1 and T2; the checkpoint, trained on T1 only, solves both.
const record = (id: string, task: string, success: boolean) =>
  turnwiseRecord({ id, task, success, reward: success ? 1 : 0 });

beforeAll(async () => {
  await importRuns(workspace, [record('a1', 'T1', false), record('a2', 'T2', false)]);
  const exported = await turnwise(
    'export',
    '--db',
    db,
    '--target',
    'trl-sft',
    '--dataset',
    'runs',
    '--where',
    "task_id = 'T1'",
    '--out',
    exportDir,
  );
  expect(exported.stderr).toBe('');
}, 120_000);

describe('lineage from the command line', { timeout: 120_000 }, () => {
  it('refuses --trained-from that is not an export, importing nothing', async () => {
    const file = writeJsonl(path.join(dir, 'b.jsonl'), [record('b1', 'T1', true)]);
    const wrong = await turnwise('import', file, '--db', db, '--trained-from', dir);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`${path.join(dir, 'turnwise-manifest.json')}: no `);
    const runs = onlyJson(await turnwise('runs', '--db', db, '--json')) as {
      runs: RunInfo[];
    };
    expect(runs.runs.map((r) => r.dataset_id)).toEqual(['runs']);
  });

  it('imports a checkpoint run trained from the export, keeps it, and compares by scope', async () => {
    const file = writeJsonl(path.join(dir, 'ckpt.jsonl'), [
      record('b1', 'T1', true),
      record('b2', 'T2', true),
    ]);
    const imported = await turnwise(
      'import',
      file,
      '--db',
      db,
      '--dataset',
      'ckpt',
      '--trained-from',
      exportDir,
    );
    expect(imported.code).toBe(0);
    const kept = await turnwise(
      'run',
      '--db',
      db,
      '--dataset',
      'ckpt',
      '--checkpoint',
      'sft1',
      '--keep',
      '--json',
    );
    expect(onlyJson(kept)).toMatchObject({
      dataset_id: 'ckpt',
      parent: 'runs',
      checkpoint: 'sft1',
      verdict: 'kept',
      best: true,
      current_best: 'ckpt',
    });
    const listed = await turnwise('runs', '--db', db);
    expect(listed.stdout).toMatch(/\* ckpt/);
    const trained = onlyJson(
      await turnwise('compare', '--db', db, '--runs', 'runs,ckpt', '--tasks', 'trained', '--json'),
    ) as RunComparison;
    expect(trained.tasks.map((t) => [t.task_id, t.status, t.trained])).toEqual([
      ['T1', 'fixed', true],
    ]);
    const held = await turnwise(
      'compare',
      '--db',
      db,
      '--runs',
      'runs,ckpt',
      '--tasks',
      'held_out',
    );
    expect(held.stdout).toMatch(/^runs -> ckpt: 1 shared held-out task \(/);
    expect(held.stdout).toMatch(/T2 +fixed .* held out/);
  });
});
