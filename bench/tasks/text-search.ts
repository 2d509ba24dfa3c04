// The explorer's "text in any turn" filter over the search workspace (search-turns.ts), as the
// explorer runs it: the text search job (engine/search/text-search.ts: when its first
// matches are in, when it is complete), then listTrajectories with the filter (first 100 rows and
// the count), which reads the search's matches. Beside them, the same listTrajectories call before
// any search (the filter scans every turn itself) and the ILIKE query the filter ran before, in
// bare DuckDB on the same file. Each is the first call, on a freshly opened workspace.
// Usage: tsx bench/tasks/text-search.ts <database file>
import { DuckDBInstance } from '@duckdb/node-api';
import type { ApiOutput } from '../../shared/api';
import { openEngine, type LocalEngine } from '../../engine/engine';
import { runTextSearch } from '../../engine/query/text-search';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const NEEDLES = { rare: 'SRC/module_19999.py', common: 'status 5;' } as const;

async function ilikeCount(needle: string): Promise<{ ms: number; total: number }> {
  const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  const pattern = `%${needle.replaceAll("'", "''")}%`;
  const started = performance.now();
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM tw_trajectories WHERE trajectory_id IN (
       SELECT trajectory_id FROM tw_turns WHERE content ILIKE '${pattern}'
         OR reasoning ILIKE '${pattern}' OR CAST(tool_calls AS VARCHAR) ILIKE '${pattern}')`,
  );
  const ms = performance.now() - started;
  const total = Number(reader.getRows()[0]?.[0]);
  connection.closeSync();
  instance.closeSync();
  return { ms, total };
}

async function listed(engine: LocalEngine, text: string) {
  const started = performance.now();
  const answer = await engine.dispatch('listTrajectories', { text, limit: 100 });
  const ms = performance.now() - started;
  if (!answer.ok) throw new Error(`listTrajectories: ${answer.error.message}`);
  return { ms, total: (answer.value as ApiOutput<'listTrajectories'>).total };
}

await measure(async () => {
  const result: Record<string, number> = {};
  for (const [name, needle] of Object.entries(NEEDLES)) {
    const baseline = await ilikeCount(needle);
    const engine = await openEngine({ dbPath: db });
    const scan = await listed(engine, needle);
    const started = performance.now();
    let first = Number.NaN;
    const state = await runTextSearch(
      engine.workspace,
      needle,
      (progress) => {
        if (Number.isNaN(first) && !progress.message.startsWith('0 ')) {
          first = performance.now() - started;
        }
      },
      new AbortController().signal,
    );
    const complete = performance.now() - started;
    const after = await listed(engine, needle);
    await engine.close();
    for (const [what, total] of [
      ['the scan', scan.total],
      ['the search', state.trajectories],
      ['the list after it', after.total],
    ] as const) {
      if (total !== baseline.total) {
        throw new Error(`${name}: ${what} counted ${total}, ILIKE ${baseline.total}`);
      }
    }
    Object.assign(result, {
      [`${name}_total`]: baseline.total,
      [`${name}_first_ms`]: Math.round(first),
      [`${name}_complete_ms`]: Math.round(complete),
      [`${name}_after_ms`]: Math.round(after.ms),
      [`${name}_scan_ms`]: Math.round(scan.ms),
      [`${name}_ilike_ms`]: Math.round(baseline.ms),
    });
    console.error(
      `  ${name}: first matches ${Math.round(first)} ms, complete ${Math.round(complete)} ms, ` +
        `list after ${Math.round(after.ms)} ms; scan ${Math.round(scan.ms)} ms, ILIKE ${Math.round(baseline.ms)} ms`,
    );
  }
  return result;
});
