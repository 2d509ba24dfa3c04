// A condition that picks one batch of trajectories by id. The BETWEEN over the batch's smallest
// and largest id lets DuckDB skip row groups by their min/max statistics (rows are stored in
// import order, mostly by id), which an IN list alone does not: on 100k trajectories that made a
// batch of turns about three times faster to read. The IN list then picks the batch exactly.
import type { SqlParams } from './workspace';

/** `column BETWEEN $a AND $b AND column IN (...)`, numbering its parameters from `first`. */
export function idBatchCondition(
  column: string,
  ids: readonly string[],
  first = 1,
): { sql: string; params: SqlParams } {
  const sorted = [...ids].sort();
  const list = ids.map((_, i) => `$${first + 2 + i}`).join(', ');
  return {
    sql: `${column} BETWEEN $${first} AND $${first + 1} AND ${column} IN (${list})`,
    params: [sorted[0] ?? '', sorted.at(-1) ?? '', ...ids],
  };
}
