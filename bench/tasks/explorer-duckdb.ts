// Baseline for the explorer filter: the hand-written DuckDB equivalent of each explorer request
// on the same workspace file, with no engine around it — a count(*) and the first page of 100
// (with scores and label counts) for the list, one GROUPING SETS pass per distinct WHERE for the
// facets. Same memory cap as a workspace (TURNWISE_MEMORY_LIMIT, default 512MB).
// Usage: tsx bench/tasks/explorer-duckdb.ts <database file>
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { DEFAULT_MEMORY_LIMIT } from '../../engine/store/workspace';
import {
  baselineCount,
  baselineFacets,
  baselinePage,
  EXPLORER_CASES,
  type BaselineQuery,
} from './explorer-cases';
import { argument, measure } from './measure';
import { warmMedian } from './timing';

const db = argument(0, 'database file');

async function rows(connection: DuckDBConnection, query: BaselineQuery) {
  const reader = await connection.runAndReadAll(query.sql, query.params);
  return reader.getRowObjectsJS();
}

await measure(async () => {
  const instance = await DuckDBInstance.create(db, {
    access_mode: 'READ_ONLY',
    memory_limit: process.env.TURNWISE_MEMORY_LIMIT ?? DEFAULT_MEMORY_LIMIT,
  });
  const connection = await instance.connect();
  const result: Record<string, number | string> = {};
  for (const c of EXPLORER_CASES) {
    const list = await warmMedian(async () => {
      const [count] = await rows(connection, baselineCount(c));
      const page = await rows(connection, baselinePage(c));
      return { total: Number(count?.total), first: String(page[0]?.trajectory_id ?? '') };
    });
    const facets = await warmMedian(async () => {
      for (const query of baselineFacets(c)) await rows(connection, query);
    });
    result[`${c.key}_list_ms`] = list.ms;
    result[`${c.key}_facets_ms`] = facets.ms;
    result[`${c.key}_total`] = list.value.total;
    result[`${c.key}_first`] = list.value.first;
    console.error(`  ${c.key}: list ${list.ms} ms, facets ${facets.ms} ms`);
  }
  const [count] = await rows(connection, {
    sql: 'SELECT count(*) AS n FROM tw_trajectories',
    params: {},
  });
  connection.closeSync();
  instance.closeSync();
  return { records: Number(count?.n), ...result };
});
