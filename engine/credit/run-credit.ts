// One credit computation (docs/credit.md) over a scope: segments are made if missing, then outcome
// advantages, progress advantages, TRIAGE credit and trajectory scores are computed in DuckDB
// and replace the earlier values of that scope and segmentation, in one transaction.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { canonicalJson } from '../text/canonical-json';
import type { CreditSummary } from '../../shared/api-credit';
import type { CreditParams } from '../../shared/credit';
import { TurnwiseError } from '../../shared/result';
import { rowsAsOn, runOn } from '../store/connection-sql';
import { sql } from '../store/sql-template';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';
import { creditInsertSql, outcomesSql, scoresInsertSql, stepsSql } from './credit-sql';
import { ensureSegments, scopeFilter, type TrajectoryScope } from './segments-store';
import { workspaceQueue } from '../store/workspace-queue';

export interface CreditRequest {
  scope: TrajectoryScope;
  segmentation: string;
  params: CreditParams;
}

type Report = (progress: {
  done: number;
  total: number | null;
  unit: string;
  message: string;
}) => void;

const CountsRow = z.object({
  trajectories: z.number(),
  segments: z.number(),
  with_progress: z.number(),
  singleton: z.number(),
  zero_variance: z.number(),
  no_rewards: z.number(),
});

/** Computes credit into tw_credit / tw_trajectory_scores inside the caller's transaction. */
export async function computeCredit(
  connection: DuckDBConnection,
  request: CreditRequest,
): Promise<Omit<CreditSummary, 'seconds'>> {
  const { scope, segmentation, params } = request;
  const filter = scopeFilter(scope);
  const paramsJson = canonicalJson({ ...params, segmentation });
  const segmentFilter = sql`s.segmentation = ${segmentation}
    AND ${scopeFilter(scope, 's.trajectory_id')}`;
  await runOn(connection, stepsSql(params, segmentFilter));
  await runOn(connection, outcomesSql(params, filter));
  const own = sql`segmentation = ${segmentation} AND ${filter}`;
  await runOn(connection, sql`DELETE FROM tw_credit WHERE ${own}`);
  await runOn(connection, sql`DELETE FROM tw_trajectory_scores WHERE ${own}`);
  await connection.run(creditInsertSql(params, segmentation, paramsJson));
  await connection.run(scoresInsertSql(params, segmentation, paramsJson));
  const [counts] = await rowsAsOn(
    CountsRow,
    connection,
    sql`SELECT
      (SELECT count(*) FROM temp.tw_credit_outcomes)::INTEGER AS trajectories,
      (SELECT count(*) FROM temp.tw_credit_steps)::INTEGER AS segments,
      (SELECT count(advantage) FROM temp.tw_credit_steps)::INTEGER AS with_progress,
      (SELECT count(DISTINCT (dataset_id, group_key)) FILTER (WHERE flag = 'singleton')
         FROM temp.tw_credit_outcomes)::INTEGER AS singleton,
      (SELECT count(DISTINCT (dataset_id, group_key)) FILTER (WHERE flag = 'zero_variance')
         FROM temp.tw_credit_outcomes)::INTEGER AS zero_variance,
      (SELECT count(DISTINCT (dataset_id, group_key)) FILTER (WHERE flag = 'no_rewards')
         FROM temp.tw_credit_outcomes)::INTEGER AS no_rewards`,
  );
  const [flips] = await rowsAsOn(
    z.object({ n: z.number() }),
    connection,
    sql`SELECT count(*)::INTEGER AS n FROM tw_credit WHERE sign_flipped AND ${own}`,
  );
  await connection.run('DROP TABLE temp.tw_credit_steps');
  await connection.run('DROP TABLE temp.tw_credit_outcomes');
  return {
    segmentation,
    params,
    trajectories: counts?.trajectories ?? 0,
    segments: counts?.segments ?? 0,
    segments_with_progress: counts?.with_progress ?? 0,
    flagged_groups: {
      singleton: counts?.singleton ?? 0,
      zero_variance: counts?.zero_variance ?? 0,
      no_rewards: counts?.no_rewards ?? 0,
    },
    sign_flips: flips?.n ?? 0,
  };
}

/**
 * Credit transactions rewrite the same rows (a preview's rolled-back rewrite included), and
 * DuckDB fails the later of two overlapping deletes ("Conflict on tuple deletion"): they run one
 * at a time per workspace.
 */
const creditTransactions = workspaceQueue();

/**
 * Runs fn inside a transaction on its own connection; commits when keep is true, otherwise rolls
 * back (a preview computes everything and keeps nothing). A cancel interrupts DuckDB.
 */
export function withCreditTransaction<T>(
  workspace: Workspace,
  keep: boolean,
  signal: AbortSignal,
  fn: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  return creditTransactions(workspace, () => creditTransaction(workspace, keep, signal, fn));
}

async function creditTransaction<T>(
  workspace: Workspace,
  keep: boolean,
  signal: AbortSignal,
  fn: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const connection = await workspace.connect();
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  try {
    return await transaction(
      connection,
      async () => {
        const result = await fn(connection);
        if (signal.aborted)
          throw new TurnwiseError('cancelled', 'credit cancelled; nothing was written');
        return result;
      },
      { keep },
    );
  } catch (error) {
    if (signal.aborted)
      throw new TurnwiseError('cancelled', 'credit cancelled; nothing was written');
    throw error;
  } finally {
    signal.removeEventListener('abort', interrupt);
    connection.closeSync();
  }
}

export async function runCredit(
  workspace: Workspace,
  request: CreditRequest,
  report: Report,
  signal: AbortSignal,
): Promise<CreditSummary> {
  const started = performance.now();
  report({ done: 0, total: 2, unit: 'steps', message: 'segmenting' });
  await ensureSegments(workspace, request.scope, request.segmentation, signal);
  report({ done: 1, total: 2, unit: 'steps', message: 'computing credit' });
  const summary = await withCreditTransaction(workspace, true, signal, (connection) =>
    computeCredit(connection, request),
  );
  report({ done: 2, total: 2, unit: 'steps', message: 'done' });
  return { ...summary, seconds: Math.round(performance.now() - started) / 1000 };
}
