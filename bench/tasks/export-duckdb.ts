// Baseline: what a hand-written DuckDB query does for the simplest SFT export, on the same
// workspace file: every trajectory's turns as {"messages": [{role, content}]} JSON lines, by COPY,
// in trajectory order. It converts no tool calls, checks nothing and writes no manifest, so it is
// a floor for the engine's JSONL targets rather than an equal.
import { DuckDBInstance } from '@duckdb/node-api';
import { statSync } from 'node:fs';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const out = argument(1, 'output file');

await measure(async () => {
  // DuckDB's default memory limit (80% of RAM), as the import section's read_json baseline: under
  // the engine's 512MB cap, grouping 100k trajectories' turns into lists runs out of memory.
  const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  await connection.run(`COPY (
      SELECT list(json_object('role', role, 'content', content) ORDER BY turn_index) AS messages
      FROM turns GROUP BY trajectory_id ORDER BY trajectory_id
    ) TO '${out.replaceAll("'", "''")}' (FORMAT json)`);
  const reader = await connection.runAndReadAll('SELECT count(*)::INTEGER AS n FROM trajectories');
  const records = Number(reader.getRowObjectsJS()[0]?.n);
  connection.closeSync();
  instance.closeSync();
  return { records, megabytes: Math.round(statSync(out).size / 1e5) / 10 };
});
