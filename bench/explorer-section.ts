// The explorer filter section: builds the synthetic workspace (explorer-workspace.ts), times the
// hand-written DuckDB baseline (explorer-duckdb.ts) and the engine's API (explorer-filter.ts) on
// it, each in its own process, and checks that both found the same trajectories.
import path from 'node:path';
import { runStamp, runTask } from './run-task';
import { EXPLORER_CASES } from './tasks/explorer-cases';
import type { Measurement } from './tasks/measure';

/** docs/ARCHITECTURE.md, quality bars: a filter over 1M trajectories answers in under 200 ms. */
const TARGET_MS = 200;

const ratio = (baseline: unknown, engine: unknown) =>
  (Number(baseline) / Number(engine)).toFixed(2);

function checkSameAnswers(engine: Measurement, baseline: Measurement): void {
  for (const c of EXPLORER_CASES) {
    for (const field of [`${c.key}_total`, `${c.key}_first`]) {
      if (engine[field] !== baseline[field]) {
        throw new Error(
          `explorer '${c.key}': the engine answered ${field} = ${engine[field]}, ` +
            `the DuckDB baseline ${baseline[field]}`,
        );
      }
    }
  }
}

export function explorerSection(dir: string, trajectories: number): string {
  const stamp = runStamp();
  const db = path.join(dir, 'explorer.duckdb');
  console.log(`Building the explorer workspace (${trajectories} trajectories)...`);
  const built = runTask('explorer-workspace', [db, String(trajectories)]);
  console.log(`  ${built.seconds.toFixed(1)} s, ${built.labels} labels`);
  console.log('Running the explorer baseline (bare DuckDB)...');
  const baseline = runTask('explorer-duckdb', [db]);
  console.log('Running the explorer through the engine API...');
  const engine = runTask('explorer-filter', [db]);
  checkSameAnswers(engine, baseline);
  const rows = EXPLORER_CASES.map((c) => {
    const list = engine[`${c.key}_list_ms`];
    const facets = engine[`${c.key}_facets_ms`];
    const within = Number(list) < TARGET_MS ? 'yes' : 'no';
    return (
      `| ${c.title} | ${Number(engine[`${c.key}_total`]).toLocaleString('en-US')} | ${list} | ` +
      `${baseline[`${c.key}_list_ms`]} | ${ratio(baseline[`${c.key}_list_ms`], list)} | ` +
      `${within} | ${facets} | ${baseline[`${c.key}_facets_ms`]} | ` +
      `${ratio(baseline[`${c.key}_facets_ms`], facets)} |`
    );
  });
  const count = Number(built.records).toLocaleString('en-US');
  return `## Explorer: filter ${count} trajectories

${stamp}

- Workspace: ${count} trajectories written straight into the tables by SQL (${built.seconds.toFixed(1)} s, not timed): 4 datasets of uneven size, ${Number(built.tasks).toLocaleString('en-US')} tasks of varying difficulty, groups of 8, 5 models and some missing; ${Number(built.scores).toLocaleString('en-US')} credit scores; ${Number(built.labels).toLocaleString('en-US')} heuristic step labels (every step of about one trajectory in ten). No turns, so the full-text \`text\` filter is not timed.
- Engine: each request through the engine's dispatch (request validation, the handler's queries, response validation), in-process (the app adds a worker-thread hop).
- Baseline: the same filter as hand-written DuckDB SQL on the same file with the same memory cap, in its own process: count(*) and the first 100 rows (with their scores and label counts) for the list; one GROUPING SETS pass per distinct WHERE for the facets (4 facets, 30 values each, each ignoring its own selection). Both found the same matches and the same first row.
- Label counts: the engine reads them from \`tw_label_counts\`, which every label writer (human, heuristic, judge) keeps current in the labels' own transaction; the baseline derives them from the \`labels_effective\` view, as a hand-written query would. That is the gap on the label filter.
- Warm: one untimed call, then the median of 5, in ms. "× DuckDB" is the baseline's time over the engine's (above 1 = the engine is faster). Target: a filter (list) under ${TARGET_MS} ms.

| request | matches | listTrajectories | bare DuckDB | × DuckDB | under ${TARGET_MS} ms | getTrajectoryFacets | bare DuckDB | × DuckDB |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Peak memory: engine ${engine.peak_rss_mb} MB (largest page of 100 rows: ${engine.page_kb} kB as JSON), DuckDB baseline ${baseline.peak_rss_mb} MB, building the workspace ${built.peak_rss_mb} MB.
`;
}
