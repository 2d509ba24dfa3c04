// Runs one console query at a time under a fresh query id, so Cancel can interrupt it on the
// engine (cancelSql) rather than only stop waiting for it.
import { useRef, useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

export type SqlOutcome =
  { ok: true; value: ApiOutput<'runSql'>; ms: number } | { ok: false; error: ApiError };

export interface SqlRun {
  running: boolean;
  outcome: SqlOutcome | null;
  run(text: string): Promise<boolean | null>;
  cancel(): void;
}

function newQueryId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `q-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** run() answers whether the query succeeded, or null when another one is still running. */
export function useSqlRun(maxRows: number): SqlRun {
  const client = useApiClient();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<SqlOutcome | null>(null);
  const current = useRef<string | null>(null);

  async function run(text: string): Promise<boolean | null> {
    if (current.current !== null) return null;
    const queryId = newQueryId();
    current.current = queryId;
    setRunning(true);
    const started = performance.now();
    const result = await client.call('runSql', { sql: text, max_rows: maxRows, query_id: queryId });
    setOutcome(
      result.ok ? { ok: true, value: result.value, ms: performance.now() - started } : result,
    );
    current.current = null;
    setRunning(false);
    return result.ok;
  }

  function cancel(): void {
    const queryId = current.current;
    if (queryId !== null) void client.call('cancelSql', { query_id: queryId });
  }

  return { running, outcome, run, cancel };
}
