// The explorer API through openEngine + dispatch on a small workspace: every filter kind, sorting
// on scores and label counts, facets that ignore their own selection, and saved filters.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { openEngine, type LocalEngine } from '../engine';
import { callOk } from '../testing/dispatch-test-support';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('explorer API', () => {
  let engine: LocalEngine;
  const list = async (input: ApiInput<'listTrajectories'>) =>
    callOk(engine, 'listTrajectories', input);
  const ids = async (input: ApiInput<'listTrajectories'>) =>
    (await list(input)).rows.map((r) => r.trajectory_id.replace('ds:', ''));

  beforeAll(async () => {
    const file = writeJsonl(path.join(tmp.dir, 'runs.jsonl'), [
      turnwiseRecord({ id: 'a', task: 'alpha', reward: 1, success: true, actions: 1 }),
      turnwiseRecord({ id: 'b', task: 'alpha', reward: 0, success: false, actions: 3 }),
      turnwiseRecord({ id: 'c', task: 'beta', reward: 0.5, success: false, actions: 2 }),
      { ...turnwiseRecord({ id: 'd', task: 'gamma', actions: 4 }), reward: null, success: null },
    ]);
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    const job = await callOk(engine, 'startImport', { paths: [file], dataset: 'ds' });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
    // Labels and scores written directly: the explorer only reads them.
    await callOk(engine, 'setLabel', {
      trajectory_id: 'ds:b',
      segment_index: 0,
      role_label: 'regression',
    });
    await callOk(engine, 'setLabel', {
      trajectory_id: 'ds:b',
      segment_index: 1,
      role_label: 'regression',
    });
    await callOk(engine, 'setLabel', {
      trajectory_id: 'ds:c',
      segment_index: 0,
      role_label: 'regression',
    });
    await callOk(engine, 'setLabel', {
      trajectory_id: 'ds:c',
      segment_index: 1,
      role_label: 'decisive_progress',
    });
    const credit = await callOk(engine, 'startCredit', {});
    expect((await engine.waitForJob(credit.job_id)).error).toBeNull();
  }, 60_000);
  afterAll(() => engine.close());

  it('lists rows with label counts and credit scores', async () => {
    const { total, rows } = await list({ sort: 'trajectory_id' });
    expect(total).toBe(4);
    const b = rows.find((r) => r.trajectory_id === 'ds:b');
    expect(b).toMatchObject({ regression: 2, decisive_progress: 0, n_actions: 3 });
    expect(rows.every((r) => r.progress_score === null || typeof r.progress_score === 'number'));
    const scored = rows.filter((r) => r.outcome_advantage !== null);
    expect(scored.length).toBeGreaterThan(0);
  });

  it('filters by task list (null included), outcome, ranges, ids and full text', async () => {
    expect(await ids({ task_ids: ['alpha'] })).toEqual(['a', 'b']);
    expect(await ids({ task_ids: ['beta', null] })).toEqual(['c']);
    expect(await ids({ outcome: 'failure' })).toEqual(['b', 'c']);
    expect(await ids({ outcome: 'unknown' })).toEqual(['d']);
    expect(await ids({ ranges: { reward: { min: 0.25 } } })).toEqual(['a', 'c']);
    expect(await ids({ ranges: { n_actions: { min: 2, max: 3 } } })).toEqual(['b', 'c']);
    expect(await ids({ ranges: { regression: { min: 1 } } })).toEqual(['b', 'c']);
    expect(await ids({ ranges: { regression: { min: 2 } } })).toEqual(['b']);
    expect(await ids({ ranges: { decisive_progress: { max: 0 } } })).toEqual(['a', 'b', 'd']);
    expect(await ids({ trajectory_ids: ['ds:a', 'ds:d'] })).toEqual(['a', 'd']);
    expect(await ids({ search: 'GAM' })).toEqual(['d']);
    // turnwiseRecord reads file i in action i: only trajectories with 4 actions mention f3.py.
    expect(await ids({ text: 'F3.PY' })).toEqual(['d']);
    // LIKE wildcards in the text are literal.
    expect(await ids({ text: 'f_.py' })).toEqual([]);
  });

  it('sorts on label counts and scores, nulls last', async () => {
    expect(await ids({ sort: 'regression', descending: true })).toEqual(['b', 'c', 'a', 'd']);
    const byAdvantage = await list({ sort: 'outcome_advantage', descending: true });
    const values = byAdvantage.rows.map((r) => r.outcome_advantage);
    const present = values.filter((v) => v !== null);
    expect(present).toEqual([...present].sort((x, y) => y - x));
    expect(values.slice(present.length).every((v) => v === null)).toBe(true);
  });

  it('counts facets, each ignoring its own selection', async () => {
    const result = await callOk(engine, 'getTrajectoryFacets', {
      task_ids: ['alpha'],
      outcome: 'failure',
    });
    expect(result.total).toBe(1);
    // The task facet ignores the task selection but keeps the outcome.
    expect(result.facets.task_id.entries).toEqual([
      { value: 'alpha', count: 1 },
      { value: 'beta', count: 1 },
    ]);
    expect(result.facets.task_id.distinct).toBe(2);
    expect(result.facets.outcome.entries).toEqual([
      { value: 'failure', count: 1 },
      { value: 'success', count: 1 },
    ]);
    expect(result.facets.dataset_id.entries).toEqual([{ value: 'ds', count: 1 }]);
  });

  it('keeps the label counts equal to the labels in force, whoever writes the labels', async () => {
    const job = await callOk(engine, 'startHeuristicLabels', {});
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
    await callOk(engine, 'setLabel', {
      trajectory_id: 'ds:a',
      segment_index: 0,
      role_label: 'regression',
    });
    // tw_label_counts is internal: read directly, not through the console.
    const sql = (text: string) => engine.workspace.query(text);
    const fromView = await sql(`
      SELECT trajectory_id, segmentation, role_label, count(*) AS n FROM labels_effective
      GROUP BY ALL ORDER BY ALL`);
    const fromCounts = await sql(`
      SELECT * FROM (
        UNPIVOT tw_label_counts ON decisive_progress, useful_exploration,
          no_progress_infrastructure, regression INTO NAME role_label VALUE n)
      WHERE n > 0 ORDER BY ALL`);
    expect(fromCounts).toEqual(fromView);
    expect(fromView.length).toBeGreaterThan(4);
    // The human label on a wins over the heuristic one.
    const [a] = (await list({ trajectory_ids: ['ds:a'] })).rows;
    expect(a?.regression).toBeGreaterThanOrEqual(1);
  });

  it('saves human labels while the heuristic labeler runs, and the counts stay right', async () => {
    const job = await callOk(engine, 'startHeuristicLabels', {});
    // Not b or c: the saved-filter test below relies on their regression labels.
    const segments: [string, number][] = [
      ['ds:a', 0],
      ['ds:d', 0],
      ['ds:d', 1],
      ['ds:d', 2],
    ];
    const human = segments.map(([trajectory_id, segment_index]) =>
      callOk(engine, 'setLabel', {
        trajectory_id,
        segment_index,
        role_label: 'useful_exploration',
      }),
    );
    await Promise.all(human);
    const final = await engine.waitForJob(job.job_id);
    expect(final.error).toBeNull();
    // tw_label_counts is internal: read directly, not through the console.
    const sql = (text: string) => engine.workspace.query(text);
    const fromView = await sql(`
      SELECT trajectory_id, role_label, count(*) AS n FROM labels_effective
      GROUP BY ALL ORDER BY ALL`);
    const fromCounts = await sql(`
      SELECT trajectory_id, role_label, n FROM (
        UNPIVOT tw_label_counts ON decisive_progress, useful_exploration,
          no_progress_infrastructure, regression INTO NAME role_label VALUE n)
      WHERE n > 0 ORDER BY ALL`);
    expect(fromCounts).toEqual(fromView);
  });

  it('saves, replaces, lists and deletes named filters', async () => {
    await callOk(engine, 'saveFilter', { name: 'failures', filter: { outcome: 'failure' } });
    const replaced = await callOk(engine, 'saveFilter', {
      name: 'failures',
      filter: { outcome: 'failure', ranges: { regression: { min: 1 } } },
    });
    expect(replaced.filter).toMatchObject({
      outcome: 'failure',
      ranges: { regression: { min: 1 } },
    });
    const { filters } = await callOk(engine, 'listSavedFilters', {});
    expect(filters.map((f) => f.name)).toEqual(['failures']);
    expect(await ids(filters[0]?.filter ?? {})).toEqual(['b', 'c']);
    expect(await callOk(engine, 'deleteSavedFilter', { name: 'failures' })).toEqual({
      deleted: true,
    });
    expect(await callOk(engine, 'deleteSavedFilter', { name: 'failures' })).toEqual({
      deleted: false,
    });
    const bad = await engine.dispatch('saveFilter', { name: ' ', filter: {} });
    expect(bad.ok).toBe(false);
  });
});
