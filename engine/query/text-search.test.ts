// The text-search job on a real tau-bench log and a few turnwise records: slices and progress,
// the explorer's filter, the charts and exports reading the matches, a cancel that keeps what
// was found (for the explorer only), and a search made stale by an import.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../core/jobs';
import { callOk } from '../testing/dispatch-test-support';
import { openEngine, type LocalEngine } from '../engine';
import { samplePath, tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { runTextSearch, textSearchState } from './text-search';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('text search', () => {
  let engine: LocalEngine;

  async function importFile(file: string, dataset: string): Promise<void> {
    const job = await callOk(engine, 'startImport', { paths: [file], dataset });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
  }
  const listed = async (text: string) =>
    (await callOk(engine, 'listTrajectories', { text, limit: 500 })).rows
      .map((row) => row.trajectory_id)
      .sort();
  /** The answer computed another way: instr() over every turn column, case folded. */
  async function expected(text: string): Promise<string[]> {
    const rows = await engine.workspace.query(
      `SELECT DISTINCT trajectory_id FROM turns WHERE instr(lower(content), $1) > 0
         OR instr(lower(coalesce(reasoning, '')), $1) > 0
         OR instr(lower(CAST(tool_calls AS VARCHAR)), $1) > 0 ORDER BY trajectory_id`,
      [text.toLowerCase()],
    );
    return rows.map((row) => String(row.trajectory_id));
  }

  beforeAll(async () => {
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    await importFile(samplePath('tau-bench', 'gpt-4o-airline.subset4.json'), 'tau');
    await importFile(
      writeJsonl(path.join(tmp.dir, 'runs.jsonl'), [
        turnwiseRecord({ id: 'a', task: 'alpha', actions: 2 }),
        turnwiseRecord({ id: 'b', task: 'beta', actions: 4 }),
      ]),
      'own',
    );
  });
  afterAll(async () => engine.close());

  it('reads the turns in slices with progress, and the filter then reads its matches', async () => {
    const needle = 'Reservation';
    const want = await expected(needle);
    expect(want.length).toBeGreaterThan(0);
    expect(await listed(needle)).toEqual(want);

    const progress: Progress[] = [];
    const [turns] = await engine.workspace.query('SELECT count(*) AS n FROM turns');
    const state = await runTextSearch(
      engine.workspace,
      needle,
      (p) => progress.push(p),
      new AbortController().signal,
      { sliceTurns: 25 },
    );
    expect(state).toMatchObject({
      status: 'complete',
      turns_total: Number(turns?.n),
      turns_scanned: Number(turns?.n),
      trajectories: want.length,
    });
    const done = progress.map((p) => p.done);
    expect(done.length).toBeGreaterThan(3);
    expect([...done].sort((x, y) => x - y)).toEqual(done);
    expect(progress.at(-1)).toMatchObject({ done: Number(turns?.n), unit: 'turns' });
    expect(await listed(needle)).toEqual(want);
    expect(await callOk(engine, 'getTextSearch', { text: ' reservation ' })).toMatchObject({
      status: 'complete',
      trajectories: want.length,
    });
    // The filter reads the kept matches, not the turns: a match written by hand shows up.
    await engine.workspace.run(`INSERT INTO tw_text_hits VALUES ('reservation', 'own:a')`);
    expect(await listed(needle)).toContain('own:a');
    const charts = await callOk(engine, 'getCharts', { text: needle });
    expect(charts.trajectories).toBe(want.length + 1);
    const exported = await callOk(engine, 'previewExport', {
      target: 'trl-sft',
      filter: { text: needle },
    });
    expect(exported.trajectories).toBe(want.length + 1);
    await engine.workspace.run(`DELETE FROM tw_text_hits WHERE trajectory_id = 'own:a'`);
  });

  it('keeps the matches found before a cancel, and a new search completes', async () => {
    const needle = 'the';
    const want = await expected(needle);
    const controller = new AbortController();
    const cancelling = runTextSearch(
      engine.workspace,
      needle,
      (p) => {
        if (p.done > 0) controller.abort();
      },
      controller.signal,
      { sliceTurns: 10 },
    );
    await expect(cancelling).rejects.toThrow(/search cancelled after \d+ of \d+ turns/);
    const partial = await textSearchState(engine.workspace, needle);
    expect(partial.status).toBe('cancelled');
    expect(partial.turns_scanned).toBeGreaterThan(0);
    expect(partial.turns_scanned).toBeLessThan(partial.turns_total);
    const shown = await listed(needle);
    expect(shown.length).toBe(partial.trajectories);
    expect(shown.length).toBeLessThan(want.length);
    for (const id of shown) expect(want).toContain(id);
    // What is counted or written elsewhere never holds a partial set: the charts read every turn.
    const charts = await callOk(engine, 'getCharts', { text: needle });
    expect(charts.trajectories).toBe(want.length);

    const job = await callOk(engine, 'startTextSearch', { text: needle });
    const finished = await engine.waitForJob(job.job_id);
    expect(finished).toMatchObject({ status: 'succeeded', kind: 'search' });
    expect(finished.result).toMatchObject({ status: 'complete', trajectories: want.length });
    expect(await listed(needle)).toEqual(want);
  });

  it('is stale once the datasets change: the filter scans again and a search starts over', async () => {
    const needle = 'Reservation';
    expect((await textSearchState(engine.workspace, needle)).status).toBe('complete');
    const more = writeJsonl(path.join(tmp.dir, 'more.jsonl'), [
      {
        ...turnwiseRecord({ id: 'z', task: 'zeta', actions: 1 }),
        messages: [
          { role: 'user', content: 'Cancel my RESERVATION please' },
          { role: 'assistant', content: 'Done.' },
        ],
      },
    ]);
    await importFile(more, 'more');
    expect((await textSearchState(engine.workspace, needle)).status).toBe('none');
    const want = await expected(needle);
    expect(want).toContain('more:z');
    expect(await listed(needle)).toEqual(want);
    const job = await callOk(engine, 'startTextSearch', { text: needle });
    expect((await engine.waitForJob(job.job_id)).result).toMatchObject({
      status: 'complete',
      trajectories: want.length,
    });
    // The search of 'the' was made before the import: its matches went with it.
    const kept = await engine.workspace.query(
      'SELECT DISTINCT needle FROM tw_text_hits UNION SELECT needle FROM tw_text_searches',
    );
    expect(kept.map((row) => row.needle)).toEqual(['reservation']);
  });

  it('keeps the most recent searches only, with their matches', async () => {
    const search = (text: string) =>
      runTextSearch(engine.workspace, text, () => undefined, new AbortController().signal, {
        keptSearches: 2,
      });
    for (const text of ['flight', 'baggage', 'refund']) await search(text);
    const kept = async () =>
      (
        await engine.workspace.query(
          'SELECT DISTINCT needle FROM tw_text_hits UNION SELECT needle FROM tw_text_searches',
        )
      )
        .map((row) => String(row.needle))
        .sort();
    expect(await kept()).toEqual(['baggage', 'refund']);
    expect((await textSearchState(engine.workspace, 'refund')).trajectories).toBe(
      (await expected('refund')).length,
    );
    // Searching a kept text again reads what it found and removes no other search.
    await search('baggage');
    expect(await kept()).toEqual(['baggage', 'refund']);
  });
});
