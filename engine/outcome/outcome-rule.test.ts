// Outcome rules on real files: NeMo Gym states no success (its binary rewards decide by default),
// Inspect's letter grades are the format's own verdict and no rule overrides them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { samplePath, tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

let engine: Engine;
let cleanup: () => void;
let dir: string;

async function importFile(file: string, dataset: string, format = 'auto'): Promise<void> {
  const job = await callOk(engine, 'startImport', {
    paths: [file],
    dataset,
    format,
  });
  expect((await engine.waitForJob(job.job_id)).error).toBeNull();
}

const rule = (dataset: string) => callOk(engine, 'getOutcomeRule', { dataset_id: dataset });

async function successes(dataset: string): Promise<unknown[]> {
  const { rows } = await callOk(engine, 'runSql', {
    sql: `SELECT success FROM trajectories WHERE dataset_id = '${dataset}' ORDER BY trajectory_id`,
  });
  return rows.map((row) => row.success);
}

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  dir = temp.dir;
  engine = await openEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  await importFile(
    samplePath('nemo-gym', 'example_single_tool_call.example_rollouts.jsonl'),
    'weather',
  );
  await importFile(
    samplePath(
      'nemo-gym',
      'competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
    ),
    'coding',
  );
  await importFile(samplePath('inspect-ai', 'log_formats.json'), 'inspect');
});
afterAll(async () => {
  await engine.close();
  cleanup();
});

describe('the default outcome rule', () => {
  it('turns NeMo Gym binary rewards into successes and failures', async () => {
    expect(await successes('weather')).toEqual([true, true, true, true, true]);
    expect(await successes('coding')).toEqual([false, false, false, false, false]);
    expect(await rule('weather')).toEqual({
      rule: 'reward >= 1',
      is_default: true,
      default_rule: 'reward >= 1',
      counts: { success: 5, failure: 0, unknown: 0, explicit: 0 },
    });
  });

  it('leaves success unknown when rewards are not all 0 or 1', async () => {
    const file = writeJsonl(
      path.join(dir, 'graded.jsonl'),
      [0.25, 0.75].map((reward, i) => {
        const { success: _ignored, ...record } = turnwiseRecord({ id: `g${i}`, reward });
        return record;
      }),
    );
    await importFile(file, 'graded');
    expect(await successes('graded')).toEqual([null, null]);
    const graded = await rule('graded');
    expect(graded).toMatchObject({ rule: null, is_default: true, default_rule: null });
    expect(graded.counts.unknown).toBe(2);
  });
});

describe('a dataset rule', () => {
  it('previews counts without changing anything, then applies and resets', async () => {
    const preview = await callOk(engine, 'previewOutcomeRule', {
      dataset_id: 'weather',
      rule: "metadata->>'missing' IS NOT NULL",
    });
    expect(preview).toEqual({ success: 0, failure: 5, unknown: 0, explicit: 0 });
    expect(await successes('weather')).toEqual([true, true, true, true, true]);

    const set = await callOk(engine, 'setOutcomeRule', {
      dataset_id: 'weather',
      rule: 'reward > 2',
    });
    expect(set).toMatchObject({ rule: 'reward > 2', is_default: false });
    expect(await successes('weather')).toEqual([false, false, false, false, false]);
    // Other datasets keep theirs.
    expect(await successes('coding')).toEqual([false, false, false, false, false]);

    await callOk(engine, 'setOutcomeRule', {
      dataset_id: 'weather',
      rule: null,
    });
    expect(await successes('weather')).toEqual([true, true, true, true, true]);
    expect((await rule('weather')).is_default).toBe(true);
  });

  it("never overrides the format's own verdict", async () => {
    expect(await successes('inspect')).toEqual([false]);
    const set = await callOk(engine, 'setOutcomeRule', {
      dataset_id: 'inspect',
      rule: 'true',
    });
    expect(set.counts).toEqual({ success: 0, failure: 1, unknown: 0, explicit: 1 });
    expect(await successes('inspect')).toEqual([false]);
  });

  it('refuses statements and internal tables, and changes nothing', async () => {
    for (const hostile of [
      'true; DROP TABLE tw_turns',
      '(SELECT count(*) FROM tw_turns) > 0',
      "reward >= 1 OR read_text('/etc/passwd') IS NOT NULL",
    ]) {
      const result = await engine.dispatch('setOutcomeRule', {
        dataset_id: 'coding',
        rule: hostile,
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid_input');
        expect(result.error.message).toMatch(/^outcome rule refused: /);
      }
    }
    expect(await rule('coding')).toMatchObject({ rule: 'reward >= 1', is_default: true });
    expect(await successes('coding')).toEqual([false, false, false, false, false]);
  });

  it('names the rule when it fails at run time', async () => {
    const result = await engine.dispatch('setOutcomeRule', {
      dataset_id: 'coding',
      rule: "CAST('not a number' AS INTEGER) > 0",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^outcome rule: /);
    expect(await successes('coding')).toEqual([false, false, false, false, false]);
  });
});
