import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../../shared/api';
import { jobResult } from '../../../shared/job-result';
import type { ImportSummary } from '../../../shared/model';
import { openEngine, type LocalEngine } from '../../engine';
import type { Engine } from '../../core/engine-types';
import { callOk } from '../../testing/dispatch-test-support';
import { writeParquet } from '../../testing/parquet-rows-fixture';
import { tempDir } from '../../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

async function runJob(engine: Engine, input: ApiInput<'startImport'>): Promise<JobState> {
  const job = await callOk(engine, 'startImport', input);
  return engine.waitForJob(job.job_id);
}

// Internal tables are read directly: the SQL console may read only the public views.
async function sql(engine: LocalEngine, text: string): Promise<Record<string, unknown>[]> {
  return engine.workspace.query(text);
}

interface Turn {
  role: string;
  content: string;
  tool_calls: { id: string; name: string; arguments: string }[];
  [key: string]: unknown;
}

/** A turn with its tool-call arguments parsed (attached arguments keep their key order). */
function comparable(turn: Turn) {
  return {
    ...turn,
    tool_calls: turn.tool_calls.map((c) => ({
      ...c,
      arguments: JSON.parse(c.arguments) as unknown,
    })),
  };
}

describe('attach Parquet by reference', () => {
  let engine: LocalEngine;
  let demo: string;
  let imported: ImportSummary;
  let attached: ImportSummary;

  beforeAll(async () => {
    // The demo rollouts as a Hugging Face-style Parquet dump (nested struct message lists).
    demo = await writeParquet(
      path.join(tmp.dir, 'demo.parquet'),
      `SELECT * FROM read_json('datasets/demo/demo.jsonl', format = 'newline_delimited')`,
    );
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    const i = await runJob(engine, { paths: [demo], format: 'auto', dataset: 'copied' });
    expect(i.error).toBeNull();
    imported = jobResult(i, 'import');
    expect(imported.format).toBe('turnwise');
    const a = await runJob(engine, { paths: [demo], attach: true, dataset: 'referenced' });
    expect(a.error).toBeNull();
    attached = jobResult(a, 'import');
  }, 60_000);
  afterAll(() => engine.close());

  it('indexes the same trajectories, turns and actions as an import, copying no turn', async () => {
    expect(attached).toMatchObject({
      trajectories: imported.trajectories,
      turns: imported.turns,
      actions: imported.actions,
      format: 'turnwise',
      skipped: [],
    });
    const [stored] = await sql(
      engine,
      `SELECT count(*) AS n FROM tw_turns WHERE trajectory_id LIKE 'referenced:%'`,
    );
    expect(Number(stored?.n)).toBe(0);
    const { datasets } = await callOk(engine, 'listDatasets', {});
    const byId = new Map(datasets.map((d) => [d.dataset_id, d]));
    expect(byId.get('referenced')).toMatchObject({ storage: 'attached', files_missing: false });
    expect(byId.get('copied')).toMatchObject({ storage: 'imported' });
    for (const key of ['trajectories', 'turns', 'groups', 'success_rate', 'mean_reward'] as const) {
      expect(byId.get('referenced')?.[key]).toEqual(byId.get('copied')?.[key]);
    }
  });

  it('lists and reads every attached trajectory exactly as its imported copy', async () => {
    const list = async (dataset: string) =>
      (
        await callOk(engine, 'listTrajectories', {
          dataset_id: dataset,
          sort: 'trajectory_id',
          limit: 1000,
        })
      ).rows;
    const copies = await list('copied');
    const references = await list('referenced');
    expect(references).toHaveLength(192);
    const strip = ({ trajectory_id: _t, dataset_id: _d, ...rest }: Record<string, unknown>) => rest;
    const bySample = (rows: Record<string, unknown>[]) =>
      rows.map(strip).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(bySample(references)).toEqual(bySample(copies));

    // Row n of the file is line n+1 of the JSONL the importer read.
    for (const reference of references.slice(0, 12)) {
      const id = String(reference.trajectory_id);
      const row = Number(id.split(':').at(-1));
      const [copy] = await sql(
        engine,
        `SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = 'copied'
         AND source_ref LIKE '%:${row + 1}'`,
      );
      const a = await callOk(engine, 'getTrajectory', { trajectory_id: id });
      const b = await callOk(engine, 'getTrajectory', {
        trajectory_id: String(copy?.trajectory_id),
      });
      expect(a.turns.map(comparable)).toEqual(b.turns.map(comparable));
      // Metadata keeps the file's key order (the importer sorts keys): compare it parsed.
      const parsed = (t: Record<string, unknown>) => ({
        ...strip(t),
        source_ref: null,
        metadata: JSON.parse(String(t.metadata)) as unknown,
      });
      expect(parsed(a.trajectory)).toEqual(parsed(b.trajectory));
      expect(a.trajectory.source_ref).toBe(`${demo}:${row + 1}`);
    }
  });

  it('serves the public turns and token_logprobs views over the files', async () => {
    const [counts] = await sql(
      engine,
      `SELECT
         (SELECT count(*) FROM turns WHERE trajectory_id LIKE 'referenced:%') AS attached_turns,
         (SELECT count(*) FROM turns WHERE trajectory_id LIKE 'copied:%') AS imported_turns,
         (SELECT count(*) FROM token_logprobs WHERE trajectory_id LIKE 'referenced:%') AS a_lp,
         (SELECT count(*) FROM token_logprobs WHERE trajectory_id LIKE 'copied:%') AS i_lp,
         (SELECT sum(list_sum(logp_policy)) FROM token_logprobs
            WHERE trajectory_id LIKE 'referenced:%') AS a_sum,
         (SELECT sum(list_sum(logp_policy)) FROM token_logprobs
            WHERE trajectory_id LIKE 'copied:%') AS i_sum`,
    );
    expect(Number(counts?.attached_turns)).toBe(imported.turns);
    expect(Number(counts?.imported_turns)).toBe(imported.turns);
    expect(Number(counts?.a_lp)).toBeGreaterThan(0);
    expect(counts?.a_lp).toEqual(counts?.i_lp);
    expect(counts?.a_sum).toBeCloseTo(Number(counts?.i_sum), 6);
  });

  it('detects re-attaching the same files', async () => {
    const again = await runJob(engine, { paths: [demo], attach: true });
    expect(again.status).toBe('failed');
    expect(again.error?.code).toBe('duplicate');
  });
});
