import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../../shared/api';
import { jobResult } from '../../../shared/job-result';
import { openEngine } from '../../engine';
import type { Engine } from '../../core/engine-types';
import { callOk } from '../../testing/dispatch-test-support';
import { writeParquet } from '../../testing/parquet-rows-fixture';
import { tempDir } from '../../testing/test-support';
import { runAttach } from './run-attach';
import { Workspace } from '../../store/workspace';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const GOOD = JSON.stringify([
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Fix ' },
      { type: 'text', text: 'it.' },
    ],
  },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', function: { name: 'bash', arguments: '{"cmd":"ls"}' } }],
  },
  { role: 'tool', tool_call_id: 'c1', content: 'a.py' },
  { role: 'assistant', content: 'Done.' },
]).replaceAll("'", "''");

/** Messages as JSON text, outcomes nested in a struct, one row per problem the reader reports. */
async function writeMixed(file: string): Promise<string> {
  return writeParquet(
    file,
    `SELECT * FROM (VALUES
      ('p-1', '${GOOD}', {'score': 0.5, 'passed': 'yes'}),
      ('p-1', '${GOOD}', {'score': 0.0, 'passed': 'no'}),
      ('p-2', '[]', {'score': 1.0, 'passed': 'yes'}),
      ('p-2', '[{"role": "narrator", "content": "x"}]', {'score': 1.0, 'passed': 'yes'}),
      ('p-3', 'not json', {'score': 1.0, 'passed': 'yes'})
    ) t(problem_id, conversation, info)`,
  );
}

async function attach(engine: Engine, input: ApiInput<'startImport'>): Promise<JobState> {
  const job = await callOk(engine, 'startImport', { attach: true, ...input });
  return engine.waitForJob(job.job_id);
}

describe('attach: options, bad rows, missing files', () => {
  let engine: Engine;
  let file: string;
  const db = path.join(tmp.dir, 'edge.duckdb');

  beforeAll(async () => {
    file = await writeMixed(path.join(tmp.dir, 'mixed.parquet'));
    engine = await openEngine({ dbPath: db });
  });
  afterAll(() => engine.close());

  it('aborts on the first unreadable row with file:line and writes nothing', async () => {
    const job = await attach(engine, { paths: [file] });
    expect(job.error?.code).toBe('invalid_input');
    expect(job.error?.message).toBe(`${file}:3: messages: the message list is empty`);
    const { datasets } = await callOk(engine, 'listDatasets', {});
    expect(datasets).toHaveLength(0);
  });

  it('keeps the good rows with skip, reading nested outcome fields given as options', async () => {
    const job = await attach(engine, {
      paths: [file],
      on_error: 'skip',
      dataset: 'mixed',
      format_options: { reward_field: 'info.score', success_field: 'info.passed' },
    });
    const summary = jobResult(job, 'import');
    expect(summary).toMatchObject({ trajectories: 2, turns: 8, actions: 2, format: 'openai-chat' });
    expect(summary.skipped).toEqual([
      { file, line: 3, reason: 'messages: the message list is empty' },
      { file, line: 4, reason: 'messages: unknown role "narrator"' },
      { file, line: 5, reason: 'messages: missing, or not a list of messages' },
    ]);
    const { rows } = await callOk(engine, 'listTrajectories', {
      dataset_id: 'mixed',
      sort: 'trajectory_id',
    });
    expect(rows.map((r) => [r.task_id, r.group_id, r.reward, r.success])).toEqual([
      ['p-1', 'p-1', 0.5, true],
      ['p-1', 'p-1', 0, false],
    ]);
    const detail = await callOk(engine, 'getTrajectory', {
      trajectory_id: rows[0]?.trajectory_id ?? '',
    });
    expect(detail.turns.map((t) => [t.role, t.content, t.is_action])).toEqual([
      ['user', 'Fix it.', false],
      ['assistant', '', true],
      ['tool', 'a.py', false],
      ['assistant', 'Done.', false],
    ]);
    expect(detail.turns[1]?.tool_calls).toEqual([
      { id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}' },
    ]);
    const text = await callOk(engine, 'getTurnText', {
      trajectory_id: rows[0]?.trajectory_id ?? '',
      turn_index: 0,
      offset: 4,
      length: 3,
    });
    expect(text.text).toBe('it.');
  });

  it('names a missing option column and refuses files that are not Parquet', async () => {
    const other = await writeMixed(path.join(tmp.dir, 'other.parquet'));
    const typo = await attach(engine, {
      paths: [other],
      format_options: { reward_field: 'nfo.x' },
    });
    expect(typo.error?.message).toMatch(/reward_field 'nfo.x': the files have no column 'nfo'/);
    const jsonl = path.join(tmp.dir, 'rows.jsonl');
    writeFileSync(jsonl, '{"messages": []}\n');
    const wrong = await attach(engine, { paths: [jsonl] });
    expect(wrong.error?.message).toMatch(/only Parquet files can be attached by reference/);
    const noMessages = await writeParquet(path.join(tmp.dir, 'plain.parquet'), 'SELECT 1 AS a');
    const plain = await attach(engine, { paths: [noMessages] });
    expect(plain.error?.message).toMatch(/attaching needs a message-list column/);
  });

  it('leaves the workspace unchanged when cancelled', async () => {
    const workspace = await Workspace.open(path.join(tmp.dir, 'cancel.duckdb'));
    const controller = new AbortController();
    controller.abort();
    await expect(
      runAttach(workspace, { paths: [file], onError: 'skip' }, () => undefined, controller.signal),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(await workspace.query('SELECT * FROM tw_datasets')).toEqual([]);
    expect(await workspace.query('SELECT * FROM tw_trajectories')).toEqual([]);
    workspace.close();
  });

  it('survives its files moving away: other queries work, the dataset says so', async () => {
    await engine.close();
    const moved = `${file}.moved`;
    renameSync(file, moved);
    engine = await openEngine({ dbPath: db });
    const { datasets } = await callOk(engine, 'listDatasets', {});
    expect(datasets[0]).toMatchObject({ dataset_id: 'mixed', files_missing: true });
    const { rows } = await callOk(engine, 'runSql', {
      sql: 'SELECT count(*) AS n FROM turns',
    });
    expect(Number(rows[0]?.n)).toBe(0);
    const read = await engine.dispatch('getTrajectory', { trajectory_id: 'mixed:0:0' });
    expect(read.ok ? null : read.error.message).toMatch(/this attached file is missing/);
    await engine.close();
    renameSync(moved, file);
    engine = await openEngine({ dbPath: db });
    const back = await callOk(engine, 'runSql', {
      sql: 'SELECT count(*) AS n FROM turns',
    });
    expect(Number(back.rows[0]?.n)).toBe(8);
  });
});
