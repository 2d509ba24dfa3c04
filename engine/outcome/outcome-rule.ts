// One outcome rule per dataset (docs/formats/README.md, outcomes): success is the format's own
// verdict (source_success) where it gives one, else the dataset's rule, a guarded SQL boolean over
// the trajectories view. Without a stored rule the default is `reward >= 1` when every known
// reward is 0 or 1, and no rule (success unknown) otherwise.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { rowsAsOn, runOn } from '../store/connection-sql';
import { withQueryBounds, type QueryBounds } from '../store/bounded-query';
import { guardExpression } from '../store/sql-expression-guard';
import { sql } from '../store/sql-template';

export const BINARY_REWARD_RULE = 'reward >= 1';

export interface OutcomeCounts {
  success: number;
  failure: number;
  unknown: number;
  /** Trajectories whose success the format stated itself; the rule does not touch them. */
  explicit: number;
}

export interface RuleInUse {
  /** The rule deciding success where the format is silent; null: success stays unknown. */
  rule: string | null;
  /** True when no rule is stored and the default applies. */
  is_default: boolean;
}

/** The guarded probe `SELECT trajectory_id, dataset_id, (rule) AS value FROM trajectories`. */
export async function guardedRule(connection: DuckDBConnection, rule: string): Promise<string> {
  return guardExpression(connection, rule, {
    relation: 'trajectories',
    columns: ['trajectory_id', 'dataset_id'],
    label: 'outcome rule',
  });
}

const RewardsRow = z.object({ known: z.number(), other: z.number() });
const CountsRow = z.object({
  success: z.number(),
  failure: z.number(),
  unknown: z.number(),
  explicit: z.number(),
});

/** `reward >= 1` when the dataset has rewards and all are 0 or 1; else null. */
export async function defaultRule(
  connection: DuckDBConnection,
  datasetId: string,
): Promise<string | null> {
  const [row] = await rowsAsOn(
    RewardsRow,
    connection,
    sql`SELECT count(reward) AS known, count(*) FILTER (WHERE reward NOT IN (0, 1)) AS other
        FROM tw_trajectories WHERE dataset_id = ${datasetId}`,
  );
  return (row?.known ?? 0) > 0 && (row?.other ?? 0) === 0 ? BINARY_REWARD_RULE : null;
}

/** The stored rule, else the default. */
export async function ruleInUse(
  connection: DuckDBConnection,
  datasetId: string,
): Promise<RuleInUse> {
  const [row] = await rowsAsOn(
    z.object({ outcome_rule: z.string().nullable() }),
    connection,
    sql`SELECT outcome_rule FROM tw_datasets WHERE dataset_id = ${datasetId}`,
  );
  const stored = row?.outcome_rule ?? null;
  if (stored !== null) return { rule: stored, is_default: false };
  return { rule: await defaultRule(connection, datasetId), is_default: true };
}

function ruleFailure(error: unknown): never {
  if (error instanceof TurnwiseError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  throw new TurnwiseError('invalid_input', `outcome rule: ${message}`);
}

/**
 * Sets success for every trajectory of the dataset: the format's verdict, else the rule. Runs on
 * a connection inside the caller's transaction. Before the rule is evaluated success is reset to
 * the format's verdict, so a rule that reads `success` sees what the format said.
 */
export async function applyOutcomeRule(
  connection: DuckDBConnection,
  datasetId: string,
  rule: string | null,
  bounds: QueryBounds,
): Promise<void> {
  await runOn(
    connection,
    sql`UPDATE tw_trajectories SET success = source_success WHERE dataset_id = ${datasetId}`,
  );
  if (rule === null) return;
  const probe = await guardedRule(connection, rule);
  await withQueryBounds(connection, bounds, () =>
    runOn(
      connection,
      sql`CREATE OR REPLACE TEMP TABLE tw_outcome AS
          SELECT trajectory_id, CAST(value AS BOOLEAN) AS value FROM (${sql.raw(probe)}) p
          WHERE dataset_id = ${datasetId}`,
    ),
  ).catch(ruleFailure);
  await runOn(
    connection,
    sql`UPDATE tw_trajectories t SET success = o.value FROM tw_outcome o
        WHERE t.trajectory_id = o.trajectory_id AND t.source_success IS NULL`,
  );
  await runOn(connection, sql`DROP TABLE tw_outcome`);
}

/**
 * At import (or attach), inside its transaction: the default rule, which is Turnwise's own text,
 * so it runs as plain SQL without the guard a person's rule goes through.
 */
export async function settleImportedOutcomes(
  connection: DuckDBConnection,
  datasetId: string,
): Promise<void> {
  const binary = (await defaultRule(connection, datasetId)) !== null;
  await runOn(
    connection,
    sql`UPDATE tw_trajectories
        SET success = coalesce(source_success, CASE WHEN ${binary} THEN reward >= 1 END)
        WHERE dataset_id = ${datasetId}`,
  );
}

/** What a rule would give on the dataset, without changing anything. */
export async function outcomeCounts(
  connection: DuckDBConnection,
  datasetId: string,
  rule: string | null,
  bounds: QueryBounds,
): Promise<OutcomeCounts> {
  const decided =
    rule === null
      ? sql`SELECT trajectory_id, NULL::BOOLEAN AS value FROM tw_trajectories
            WHERE dataset_id = ${datasetId}`
      : sql`SELECT trajectory_id, CAST(value AS BOOLEAN) AS value
            FROM (${sql.raw(await guardedRule(connection, rule))}) p
            WHERE dataset_id = ${datasetId}`;
  const [row] = await withQueryBounds(connection, bounds, () =>
    rowsAsOn(
      CountsRow,
      connection,
      sql`WITH o AS (
            SELECT coalesce(t.source_success, d.value) AS success,
                   t.source_success IS NOT NULL AS explicit
            FROM tw_trajectories t JOIN (${decided}) d USING (trajectory_id))
          SELECT count(*) FILTER (WHERE success) AS success,
                 count(*) FILTER (WHERE NOT success) AS failure,
                 count(*) FILTER (WHERE success IS NULL) AS unknown,
                 count(*) FILTER (WHERE explicit) AS explicit
          FROM o`,
    ),
  ).catch(ruleFailure);
  return {
    success: row?.success ?? 0,
    failure: row?.failure ?? 0,
    unknown: row?.unknown ?? 0,
    explicit: row?.explicit ?? 0,
  };
}
