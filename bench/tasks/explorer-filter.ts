// The explorer's filter through the real engine API: listTrajectories and getTrajectoryFacets
// through the engine's dispatch (request validation, the handler's SQL, response validation) for
// each request of explorer-cases.ts, on the workspace explorer-workspace.ts built. Warm: one
// untimed call, then the median of 5.
// Usage: tsx bench/tasks/explorer-filter.ts <database file>
import { openEngine } from '../../engine/engine';
import { engineCaller } from './engine-call';
import { EXPLORER_CASES } from './explorer-cases';
import { argument, measure } from './measure';
import { warmMedian } from './timing';

const db = argument(0, 'database file');

await measure(async () => {
  const engine = await openEngine({ dbPath: db, readOnly: true });
  const call = engineCaller(engine);
  const result: Record<string, number | string> = {};
  let payload = 0;
  for (const c of EXPLORER_CASES) {
    const request = { ...c.filter, sort: c.sort, descending: c.descending, limit: 100 };
    const list = await warmMedian(() => call('listTrajectories', request));
    const facets = await warmMedian(() => call('getTrajectoryFacets', c.filter));
    if (facets.value.total !== list.value.total) {
      throw new Error(`${c.key}: facets count ${facets.value.total}, list ${list.value.total}`);
    }
    result[`${c.key}_list_ms`] = list.ms;
    result[`${c.key}_facets_ms`] = facets.ms;
    result[`${c.key}_total`] = list.value.total;
    result[`${c.key}_first`] = list.value.rows[0]?.trajectory_id ?? '';
    payload = Math.max(payload, Buffer.byteLength(JSON.stringify(list.value)));
    console.error(`  ${c.key}: list ${list.ms} ms, facets ${facets.ms} ms`);
  }
  const sql = await call('runSql', {
    sql: 'SELECT count(*) AS n FROM trajectories',
  });
  await engine.close();
  return {
    records: Number(sql.rows[0]?.n),
    page_kb: Math.round(payload / 1024),
    ...result,
  };
});
