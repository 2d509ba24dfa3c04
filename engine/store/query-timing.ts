// Slow queries are logged (docs/ARCHITECTURE.md): how long, how many rows and the SQL's first
// line, redacted and capped; never its parameters. TURNWISE_SLOW_QUERY_MS sets the threshold.
import { log } from '../logging/logger';
import { logText } from '../logging/log-text';

export const DEFAULT_SLOW_QUERY_MS = 500;

/**
 * `query` and `run` are the Workspace's own; `transaction` ran inside workspace.transaction;
 * `console` is a query a person wrote.
 */
export type QueryKind = 'query' | 'run' | 'transaction' | 'console';

/** Read per query, so a test (or a long-running host) can change it at any time. */
export function slowQueryMs(): number {
  const configured = process.env.TURNWISE_SLOW_QUERY_MS;
  const ms = Number(configured);
  return configured !== undefined && configured !== '' && Number.isFinite(ms) && ms >= 0
    ? ms
    : DEFAULT_SLOW_QUERY_MS;
}

function report(kind: QueryKind, sql: string, start: number, rows: number | null, failed: boolean) {
  const ms = performance.now() - start;
  if (ms < slowQueryMs()) return;
  log().warn('slow-query', {
    kind,
    ms: Math.round(ms),
    rows: rows ?? undefined,
    result: failed ? 'error' : undefined,
    sql: logText(sql),
  });
}

/** Times `work` as one query, failures included; `rows` counts what it returned. */
export async function timeQuery<T>(
  kind: QueryKind,
  sql: string,
  work: () => Promise<T>,
  rows: (value: T) => number | null = () => null,
): Promise<T> {
  const start = performance.now();
  try {
    const value = await work();
    report(kind, sql, start, rows(value), false);
    return value;
  } catch (error) {
    report(kind, sql, start, null, true);
    throw error;
  }
}
