// The text-search section: the explorer's "text in any turn" filter over 20 turns per trajectory
// of the explorer workspace (1M trajectories: 20M turns), through the engine API, against the ILIKE
// query it used before, each in its own process. Target (issue 22): first matches under 2 s.
import path from 'node:path';
import { runStamp, runTask } from './run-task';

const TARGET_MS = 2000;

export function searchSection(dir: string, trajectories: number): string {
  const stamp = runStamp();
  const db = path.join(dir, 'search.duckdb');
  console.log(`Building the search workspace (${trajectories} trajectories, 20 turns each)...`);
  runTask('explorer-workspace', [db, String(trajectories)]);
  const turns = runTask('search-turns', [db, '20']);
  console.log(
    `  ${turns.turns} turns, ${turns.text_mb} MB of text in ${turns.seconds.toFixed(0)} s`,
  );
  console.log('Running the text search...');
  const m = runTask('text-search', [db]);
  const ms = (key: string) => Number(m[key]);
  const row = (name: string, needle: string) =>
    `| ${name} (\`${needle}\`) | ${m[`${name}_total`]} | ${ms(`${name}_first_ms`)} | ` +
    `${ms(`${name}_complete_ms`)} | ${ms(`${name}_after_ms`)} | ${ms(`${name}_scan_ms`)} | ` +
    `${ms(`${name}_ilike_ms`)} | ${ms(`${name}_first_ms`) < TARGET_MS ? 'yes' : 'no'} |`;
  return `## Text search over ${Number(turns.turns).toLocaleString('en-US')} turns

${stamp}

The explorer workspace (${trajectories.toLocaleString('en-US')} trajectories) with 20 turns each,
${turns.text_mb} MB of text (search-turns.ts), on a freshly opened workspace. The search job reads
the turns in slices of 2M (first matches: when the first slice with a match has landed; complete:
every turn read); then one listTrajectories call with the "text in any turn" filter as the
explorer makes it (first 100 rows and the count), which reads the search's matches. For
comparison, the same call before any search (the filter then scans every turn itself, with
contains() over lower()) and the ILIKE query the filter ran before, counted in bare DuckDB.
Target: first matches under ${TARGET_MS} ms, the complete count with progress.

| needle | trajectories | first matches (ms) | complete (ms) | list after the search (ms) | list, scanning (ms) | ILIKE (ms) | first under ${TARGET_MS} ms |
|---|---|---|---|---|---|---|---|
${row('rare', 'SRC/module_19999.py')}
${row('common', 'status 5;')}`;
}
