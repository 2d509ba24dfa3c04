// The labels API through openEngine + dispatch, on a slice of the demo dataset: segments with
// their labels in force, human label events, and the heuristic labeling job (replace on re-run,
// human labels untouched, cancel writes nothing).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { callOk } from '../testing/dispatch-test-support';
import { jobResult } from '../../shared/job-result';
import { segmentTurns } from '../../shared/segments';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { canonicalArguments } from '../text/canonical-json';
import { Workspace } from '../store/workspace';
import { tempDir } from '../testing/test-support';
import { HEURISTIC_SOURCE, labelTrajectory } from './heuristics/ruleset';
import { runHeuristicLabels } from './run-heuristic-labels';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const DEMO = path.resolve(import.meta.dirname, '../../datasets/demo/demo.jsonl');
const LINES = readFileSync(DEMO, 'utf8').split('\n').slice(0, 12);
const FIRST = JSON.parse(LINES[0] ?? '') as {
  trajectory_id: string;
  metadata: { action_turns: number[] };
};
const ID = `demo:${FIRST.trajectory_id}`;

/** By name: some requests here are ones the contract refuses (a role that does not exist). */
async function failure(engine: Engine, method: string, input: unknown): Promise<string> {
  const result = await engine.dispatchByName(method, input);
  if (result.ok) throw new Error(`${method} succeeded`);
  return `${result.error.code}: ${result.error.message}`;
}

async function sql(engine: Engine, text: string): Promise<Record<string, unknown>[]> {
  return (await callOk(engine, 'runSql', { sql: text })).rows;
}

async function runHeuristics(engine: Engine, input: ApiInput<'startHeuristicLabels'>) {
  const job = await callOk(engine, 'startHeuristicLabels', input);
  expect(job.kind).toBe('label');
  const final = await engine.waitForJob(job.job_id);
  expect(final.error).toBeNull();
  return jobResult(final, 'label');
}

describe('labels API', () => {
  let engine: Engine;
  const db = path.join(tmp.dir, 'ws.duckdb');

  beforeAll(async () => {
    const file = path.join(tmp.dir, 'demo-slice.jsonl');
    writeFileSync(file, `${LINES.join('\n')}\n`);
    engine = await openEngine({ dbPath: db });
    const job = await callOk(engine, 'startImport', { paths: [file], dataset: 'demo' });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
  }, 60_000);
  afterAll(() => engine.close());

  it('lists a trajectory segments, one per action turn, with an action summary', async () => {
    const result = await callOk(engine, 'getSegments', { trajectory_id: ID });
    expect(result.segmentation).toBe('action');
    expect(result.segments.map((s) => s.turn_end)).toEqual(FIRST.metadata.action_turns);
    expect(result.segments[0]).toEqual({
      segment_index: 0,
      turn_start: 2,
      turn_end: 2,
      action: 'read_file(path="src/stockroom/pager.py")',
      label: null,
    });
    expect(result.events).toEqual([]);
    // Asking again writes no second copy of the segments.
    await callOk(engine, 'getSegments', { trajectory_id: ID });
    const [rows] = await sql(
      engine,
      `SELECT count(*) AS n FROM segments WHERE trajectory_id = '${ID}' AND segmentation = 'action'`,
    );
    expect(rows?.n).toBe(FIRST.metadata.action_turns.length);
  });

  it('appends human labels; the newest is in force and labels_effective agrees', async () => {
    const first = await callOk(engine, 'setLabel', {
      trajectory_id: ID,
      segment_index: 1,
      role_label: 'useful_exploration',
    });
    expect(first).toMatchObject({
      trajectory_id: ID,
      segment_index: 1,
      segmentation: 'action',
      role_label: 'useful_exploration',
      source: 'human:local',
      rationale: null,
      confidence: null,
    });
    const second = await callOk(engine, 'setLabel', {
      trajectory_id: ID,
      segment_index: 1,
      role_label: 'regression',
      rationale: '  reruns the tests for nothing ',
      annotator: 'ada',
    });
    expect(second).toMatchObject({
      source: 'human:ada',
      rationale: 'reruns the tests for nothing',
    });
    const result = await callOk(engine, 'getSegments', { trajectory_id: ID });
    expect(result.segments[1]?.label).toEqual(second);
    expect(result.events.map((e) => e.role_label)).toEqual(['useful_exploration', 'regression']);
    const effective = await sql(
      engine,
      `SELECT segment_index, role_label, source FROM labels_effective WHERE trajectory_id = '${ID}'`,
    );
    expect(effective).toEqual([
      { segment_index: 1, role_label: 'regression', source: 'human:ada' },
    ]);
  });

  it('refuses labels for unknown trajectories, segments, roles and annotators', async () => {
    const base = { trajectory_id: ID, segment_index: 0, role_label: 'regression' };
    expect(await failure(engine, 'setLabel', { ...base, trajectory_id: 'demo:nope' })).toMatch(
      /^not_found: no trajectory/,
    );
    expect(await failure(engine, 'setLabel', { ...base, segment_index: 99 })).toMatch(
      /^not_found: .* has no segment 99 under segmentation 'action'/,
    );
    expect(await failure(engine, 'setLabel', { ...base, role_label: 'great' })).toMatch(
      /^bad_request/,
    );
    expect(await failure(engine, 'setLabel', { ...base, annotator: 'a b' })).toMatch(
      /^bad_request/,
    );
    expect(await failure(engine, 'setLabel', { ...base, segmentation: 'window:0' })).toMatch(
      /^bad_request/,
    );
    expect(await failure(engine, 'getSegments', { trajectory_id: 'demo:nope' })).toMatch(
      /^not_found/,
    );
    expect(await failure(engine, 'startHeuristicLabels', { dataset_id: 'nope' })).toBe(
      "not_found: no dataset with id 'nope'",
    );
  });

  it('labels every segment of a dataset with the rule set, as the pure rules decide', async () => {
    const summary = await runHeuristics(engine, { dataset_id: 'demo' });
    const records = LINES.map((line) => JSON.parse(line) as DemoRecord);
    const expected = records.flatMap((record) => expectedLabels(record));
    expect(summary).toMatchObject({
      dataset_id: 'demo',
      ruleset: 'triage-rules/1',
      source: 'heuristic:triage-rules/1',
      segmentation: 'action',
      trajectories: 12,
      labeled: expected.length,
      replaced: 0,
    });
    expect(Object.values(summary.counts).reduce((a, b) => a + b, 0)).toBe(expected.length);
    const stored = await sql(
      engine,
      `SELECT trajectory_id, segment_index, role_label, rationale FROM labels
       WHERE source = '${HEURISTIC_SOURCE}' ORDER BY trajectory_id, segment_index`,
    );
    expect(stored).toEqual(
      [...expected].sort((a, b) =>
        a.trajectory_id === b.trajectory_id
          ? a.segment_index - b.segment_index
          : a.trajectory_id < b.trajectory_id
            ? -1
            : 1,
      ),
    );
    // The human label stays in force over the heuristic one.
    const effective = await sql(
      engine,
      `SELECT segment_index, source FROM labels_effective WHERE trajectory_id = '${ID}'
       ORDER BY segment_index`,
    );
    expect(effective.map((r) => r.source)).toEqual(
      FIRST.metadata.action_turns.map((_, i) => (i === 1 ? 'human:ada' : HEURISTIC_SOURCE)),
    );
    const segments = await callOk(engine, 'getSegments', { trajectory_id: ID });
    expect(segments.segments[0]?.label?.source).toBe(HEURISTIC_SOURCE);
    expect(segments.segments[1]?.label?.source).toBe('human:ada');
  });

  it('re-running the same version replaces its labels; other sources are untouched', async () => {
    const before = await sql(
      engine,
      `SELECT source, count(*) AS n FROM labels GROUP BY 1 ORDER BY 1`,
    );
    const summary = await runHeuristics(engine, { dataset_id: 'demo' });
    expect(summary.replaced).toBe(summary.labeled);
    const after = await sql(
      engine,
      `SELECT source, count(*) AS n FROM labels GROUP BY 1 ORDER BY 1`,
    );
    expect(after).toEqual(before);
  });

  it('labels another segmentation separately', async () => {
    const summary = await runHeuristics(engine, { dataset_id: 'demo', segmentation: 'window:2' });
    const [row] = await sql(
      engine,
      `SELECT count(*) AS n FROM labels WHERE segmentation = 'window:2' AND source = '${HEURISTIC_SOURCE}'`,
    );
    expect(row?.n).toBe(summary.labeled);
    const windows = await callOk(engine, 'getSegments', {
      trajectory_id: ID,
      segmentation: 'window:2',
    });
    expect(windows.segments).toHaveLength(Math.ceil(FIRST.metadata.action_turns.length / 2));
    expect(windows.segments.every((s) => s.label?.source === HEURISTIC_SOURCE)).toBe(true);
  });

  it('lists the rules in precedence order', async () => {
    const rules = await callOk(engine, 'listHeuristicRules', {});
    expect(rules.ruleset).toBe('triage-rules/1');
    expect(rules.rules[0]).toMatchObject({ name: 'repeated_action_same_observation' });
    expect(rules.rules.at(-1)).toMatchObject({ name: 'no_new_information' });
  });

  it('a cancelled run writes nothing and keeps the earlier labels', async () => {
    await engine.close();
    const workspace = await Workspace.open(db);
    try {
      const count = async () =>
        (await workspace.query(`SELECT label_id FROM tw_labels ORDER BY label_id`)).map(
          (r) => r.label_id,
        );
      const before = await count();
      const controller = new AbortController();
      const run = runHeuristicLabels(
        workspace,
        { datasetId: 'demo', segmentation: 'action' },
        (progress) => {
          if (progress.done === 3) controller.abort();
        },
        controller.signal,
      );
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      expect(await count()).toEqual(before);
    } finally {
      workspace.close();
      engine = await openEngine({ dbPath: db });
    }
  });
});

interface DemoRecord {
  trajectory_id: string;
  success: boolean;
  messages: {
    role: string;
    content: string | null;
    tool_calls?: { function: { name: string; arguments: string } }[];
  }[];
}

/** The labels the pure rule set gives a demo record, keyed as the labels view stores them. */
function expectedLabels(record: DemoRecord) {
  const turns = record.messages.map((m, turn_index) => {
    const tool_calls = (m.tool_calls ?? []).map((c) => ({
      name: c.function.name,
      arguments: canonicalArguments(c.function.arguments),
    }));
    return {
      turn_index,
      role: m.role,
      content: m.content ?? '',
      tool_calls,
      is_action: m.role === 'assistant' && tool_calls.length > 0,
    };
  });
  const labels = labelTrajectory({
    turns,
    segments: segmentTurns(turns, 'action'),
    success: record.success,
  });
  return labels.map((l) => ({
    trajectory_id: `demo:${record.trajectory_id}`,
    segment_index: l.segment_index,
    role_label: l.role_label,
    rationale: l.rationale,
  }));
}
