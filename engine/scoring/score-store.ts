// What scoring reads from and writes to the workspace: the trajectories in scope, one
// trajectory's turns with the per-token lists it already has, and the rows of scored turns.
//
// Rows are written to tw_token_logprobs, which the token_logprobs view unions with the lists
// read from attached Parquet files. Lists that live in those files cannot be replaced (a second
// row would duplicate the turn in the view), so such turns are never rewritten.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { TURN_ROLES } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { turnRelationsFor } from '../import/attach/turn-relations';
import { runOn } from '../store/connection-sql';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';
import { toolSchemasOf } from '../chat/tool-schemas';
import type { ScoringTurn } from './chat-rendering';
import { toolCallsOf } from '../store/row-schemas';

export interface StoredLists {
  token_ids: number[] | null;
  logp_policy: number[] | null;
  logp_ref: number[] | null;
}

export interface LoadedTrajectory {
  trajectoryId: string;
  tools: unknown[] | null;
  turns: ScoringTurn[];
  /** Lists in tw_token_logprobs (replaceable), by turn index. */
  stored: Map<number, StoredLists>;
  /** Turns whose lists come from attached files (read-only). */
  inFiles: Map<number, StoredLists>;
}

export interface ScoredRow extends StoredLists {
  turn_index: number;
}

export interface Scope {
  datasetId?: string;
  trajectoryIds?: string[];
}

/** The trajectory ids to score, in a stable order; unknown datasets and ids are refused. */
export async function trajectoriesInScope(workspace: Workspace, scope: Scope): Promise<string[]> {
  if (scope.datasetId !== undefined) {
    await requireDataset(workspace, scope.datasetId);
  }
  const ids = scope.trajectoryIds ?? null;
  const dataset = scope.datasetId ?? null;
  const idList = ids === null ? null : JSON.stringify(ids);
  const rows = await workspace.queryAs(
    z.object({ trajectory_id: z.string() }),
    sql`SELECT trajectory_id FROM tw_trajectories
        WHERE (${dataset}::VARCHAR IS NULL OR dataset_id = ${dataset})
          AND (${idList}::VARCHAR IS NULL
               OR list_contains(from_json(${idList}::VARCHAR, '["VARCHAR"]'), trajectory_id))
        ORDER BY trajectory_id`,
  );
  const found = rows.map((row) => row.trajectory_id);
  if (ids !== null) {
    const known = new Set(found);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new TurnwiseError(
        'not_found',
        `no trajectory with id ${unknown
          .slice(0, 5)
          .map((id) => `'${id}'`)
          .join(', ')}` + (scope.datasetId !== undefined ? ` in dataset '${scope.datasetId}'` : ''),
      );
    }
  }
  return found;
}

/**
 * A list column as workspace.query gives it: a DOUBLE that is not finite arrives as its text
 * ('-Infinity', 'NaN', json-values.ts), so each element is read back with Number() (a NULL
 * element reads as 0).
 */
const NumberList = z
  .array(z.union([z.number(), z.string(), z.null()]))
  .transform((values) => values.map(Number))
  .nullable();

const ListsRow = z.object({
  turn_index: z.number(),
  token_ids: NumberList,
  logp_policy: NumberList,
  logp_ref: NumberList,
});

function listsByTurn(rows: z.output<typeof ListsRow>[]): Map<number, StoredLists> {
  return new Map(rows.map(({ turn_index, ...lists }) => [turn_index, lists]));
}

const LISTS_SQL = 'SELECT turn_index, token_ids, logp_policy, logp_ref FROM';

const TurnRow = z.object({
  turn_index: z.number(),
  role: z.enum(TURN_ROLES),
  content: z.string().nullable(),
  reasoning: z.string().nullable(),
  tool_calls: z.string().nullable(),
  tool_call_id: z.string().nullable(),
});

export async function loadTrajectory(
  workspace: Workspace,
  trajectoryId: string,
): Promise<LoadedTrajectory> {
  // The single-trajectory form of tw_all_turns: imported rows, or the one row of an attached file
  // (a filtered scan; the union view would scan every file of the dataset for each trajectory).
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const [meta] = await workspace.queryAs(
    z.object({ tools: z.string().nullable() }),
    sql`SELECT tools::VARCHAR AS tools FROM tw_trajectories WHERE trajectory_id = ${trajectoryId}`,
  );
  const turnRows = await workspace.queryAs(
    TurnRow,
    sql`SELECT turn_index, role, content, reasoning, tool_calls::VARCHAR AS tool_calls,
               tool_call_id
        FROM ${sql.raw(relations.turns)} AS u WHERE trajectory_id = ${trajectoryId}
        ORDER BY turn_index`,
  );
  const lists = (relation: string) =>
    sql`${sql.raw(LISTS_SQL)} ${sql.raw(relation)} WHERE trajectory_id = ${trajectoryId}`;
  const stored = listsByTurn(await workspace.queryAs(ListsRow, lists('tw_token_logprobs')));
  const inFiles =
    relations.logprobs === 'tw_token_logprobs'
      ? new Map<number, StoredLists>()
      : listsByTurn(await workspace.queryAs(ListsRow, lists(`${relations.logprobs} AS l`)));
  const turns = turnRows.map((row): ScoringTurn => {
    const index = row.turn_index;
    const ids = inFiles.get(index)?.token_ids ?? stored.get(index)?.token_ids ?? null;
    return {
      turnIndex: index,
      role: row.role,
      content: row.content ?? '',
      reasoning: row.reasoning !== null && row.reasoning !== '' ? row.reasoning : null,
      toolCalls: toolCallsOf(row.tool_calls),
      toolCallId: row.tool_call_id,
      storedTokenIds: ids !== null && ids.length > 0 ? ids : null,
    };
  });
  // The same schemas the exports write, so scoring's rendering and the tokens export agree.
  const called = turns
    .flatMap((t) => (t.role === 'assistant' ? t.toolCalls : []))
    .map((c) => c.name);
  const tools = toolSchemasOf(meta?.tools ?? null, called);
  return { trajectoryId, tools: tools.length > 0 ? tools : null, turns, stored, inFiles };
}

const ROWS_TYPE = `'[{"turn_index":"INTEGER","token_ids":["INTEGER"],"logp_policy":["DOUBLE"],"logp_ref":["DOUBLE"]}]'`;

/**
 * Writes scored turns on its own connection, one transaction per trajectory, one at a time (a
 * DuckDB connection cannot interleave transactions). A finished trajectory is committed at once,
 * so cancelling keeps it and an only-missing run resumes after it.
 */
export class ScoreWriter {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly connection: DuckDBConnection) {}

  static async open(workspace: Workspace): Promise<ScoreWriter> {
    return new ScoreWriter(await workspace.connect());
  }

  write(trajectoryId: string, rows: ScoredRow[]): Promise<void> {
    const next = this.chain.then(() => this.replace(trajectoryId, rows));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Waits for queued writes, then closes the connection. */
  async close(): Promise<void> {
    await this.chain;
    this.connection.closeSync();
  }

  private async replace(trajectoryId: string, rows: ScoredRow[]): Promise<void> {
    if (rows.length === 0) return;
    const turns = JSON.stringify(rows.map((row) => row.turn_index));
    await transaction(this.connection, async (connection) => {
      await runOn(
        connection,
        sql`DELETE FROM tw_token_logprobs WHERE trajectory_id = ${trajectoryId}
              AND list_contains(from_json(${turns}::VARCHAR, '["INTEGER"]'), turn_index)`,
      );
      await runOn(
        connection,
        sql`INSERT INTO tw_token_logprobs
            SELECT ${trajectoryId}, r.turn_index, r.token_ids, r.logp_policy, r.logp_ref
            FROM (SELECT unnest(from_json(${JSON.stringify(rows)}::VARCHAR, ${sql.raw(ROWS_TYPE)})) AS r)`,
      );
    });
  }
}
