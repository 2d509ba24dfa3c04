// Writes canonical trajectories into the workspace through appenders; the caller holds the
// transaction (store/transaction.ts), so a failed import leaves nothing behind.
import { settleImportedOutcomes } from '../outcome/outcome-rule';
import { DuckDBDataChunkWriter, listValue } from '@duckdb/node-api';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { canonicalJson } from '../text/canonical-json';
import type { PreparedTrajectory } from './prepared-trajectory';

/**
 * Appended rows are handed to DuckDB every this many turns. An appender otherwise gathers about
 * 200k rows before it writes, and a turn's text is large: holding them, and DuckDB's work on so
 * many at once, took most of a large import's memory (docs/performance.md, "Memory").
 */
const FLUSH_TURNS = 2_048;

export interface DatasetRow {
  dataset_id: string;
  name: string;
  format: string;
  source_path: string;
  content_sha256: string;
  bytes: number;
  options: Record<string, unknown>;
  /** 'redacted': every text field was scanned and its secrets replaced; 'kept': --keep-secrets. */
  secrets: 'redacted' | 'kept';
}

function appendText(appender: DuckDBAppender, value: string | null): void {
  if (value === null) appender.appendNull();
  else appender.appendVarchar(value);
}

function listOrNull(values: number[] | null) {
  return values === null ? null : listValue(values);
}

export class DatasetWriter {
  private constructor(
    private readonly connection: DuckDBConnection,
    private readonly trajectories: DuckDBAppender,
    private readonly turns: DuckDBAppender,
    private readonly logprobs: DuckDBAppender,
    private readonly redactions: DuckDBAppender,
  ) {
    // Per-token lists go in as typed vectors, a data chunk at a time: the appender's
    // element-by-element list path is an order of magnitude slower, and JSON text cast to lists
    // by DuckDB (the old way) printed and parsed every number once more.
    this.tokenRows = DuckDBDataChunkWriter.forAppender(logprobs);
  }

  private readonly tokenRows: DuckDBDataChunkWriter;
  private unflushedTurns = 0;

  /** Opens the appenders on a connection that is inside a transaction. */
  static async open(connection: DuckDBConnection): Promise<DatasetWriter> {
    return new DatasetWriter(
      connection,
      await connection.createAppender('tw_trajectories'),
      await connection.createAppender('tw_turns'),
      await connection.createAppender('tw_token_logprobs'),
      await connection.createAppender('tw_redactions'),
    );
  }

  /**
   * Appends one prepared trajectory (prepared-trajectory.ts) under its settled ids; returns its
   * turn and action counts. Preparing did everything that can fail on a hostile record, so a
   * bad record never leaves half its rows behind.
   */
  add(
    datasetId: string,
    trajectoryId: string,
    ids: { source_id: string; group_id: string | null },
    trajectory: PreparedTrajectory,
    sourceRef: string,
  ): { turns: number; actions: number } {
    const t = this.trajectories;
    t.appendVarchar(trajectoryId);
    t.appendVarchar(datasetId);
    t.appendVarchar(ids.source_id);
    appendText(t, trajectory.task_id);
    appendText(t, ids.group_id);
    if (trajectory.sample_index === null) t.appendNull();
    else t.appendInteger(trajectory.sample_index);
    appendText(t, trajectory.model);
    if (trajectory.reward === null) t.appendNull();
    else t.appendDouble(trajectory.reward);
    if (trajectory.success === null) t.appendNull();
    else t.appendBoolean(trajectory.success);
    t.appendInteger(trajectory.turns.length);
    t.appendInteger(trajectory.actions);
    t.appendVarchar(sourceRef);
    appendText(t, trajectory.metadata);
    appendText(t, trajectory.tools);
    appendText(t, ids.group_id);
    // source_success: what the format said; success is settled by the outcome rule at finish.
    if (trajectory.success === null) t.appendNull();
    else t.appendBoolean(trajectory.success);
    t.endRow();

    trajectory.turns.forEach((turn, index) => {
      const u = this.turns;
      u.appendVarchar(trajectoryId);
      u.appendInteger(index);
      u.appendVarchar(turn.role);
      u.appendVarchar(turn.content);
      appendText(u, turn.reasoning);
      u.appendVarchar(turn.tool_calls);
      appendText(u, turn.tool_call_id);
      u.appendBoolean(turn.is_action);
      if (turn.n_tokens === null) u.appendNull();
      else u.appendInteger(turn.n_tokens);
      appendText(u, turn.metadata);
      appendText(u, turn.error);
      u.endRow();
      const tokens = turn.logprobs;
      if (tokens) {
        this.tokenRows.appendRow([
          trajectoryId,
          index,
          listOrNull(tokens.token_ids),
          listOrNull(tokens.logp_policy),
          listOrNull(tokens.logp_ref),
        ]);
      }
    });
    for (const redaction of trajectory.redactions) {
      const r = this.redactions;
      r.appendVarchar(datasetId);
      r.appendVarchar(trajectoryId);
      if (redaction.turn_index === null) r.appendNull();
      else r.appendInteger(redaction.turn_index);
      r.appendVarchar(redaction.field);
      r.appendVarchar(redaction.kind);
      r.appendInteger(redaction.count);
      r.endRow();
    }
    this.unflushedTurns += trajectory.turns.length;
    return { turns: trajectory.turns.length, actions: trajectory.actions };
  }

  /** Hands the appended rows to DuckDB once FLUSH_TURNS have built up. */
  flushIfFull(): void {
    if (this.unflushedTurns < FLUSH_TURNS) return;
    this.tokenRows.flush();
    for (const appender of this.appenders()) appender.flushSync();
    this.unflushedTurns = 0;
  }

  /** Writes the last rows and records the dataset; the caller's COMMIT makes them visible. */
  async finish(dataset: DatasetRow): Promise<void> {
    this.tokenRows.flush();
    this.closeAppenders();
    await this.connection.run(
      `INSERT INTO tw_datasets (dataset_id, name, format, source_path, imported_at, content_sha256,
         bytes, options, storage, secrets) VALUES ($1, $2, $3, $4, now(), $5, $6, $7, 'imported', $8)`,
      [
        dataset.dataset_id,
        dataset.name,
        dataset.format,
        dataset.source_path,
        dataset.content_sha256,
        dataset.bytes,
        canonicalJson(dataset.options),
        dataset.secrets,
      ],
    );
    await settleImportedOutcomes(this.connection, dataset.dataset_id);
  }

  /** Closes the appenders of a failed import, before the caller's ROLLBACK. */
  discard(): void {
    for (const appender of this.appenders()) {
      try {
        appender.closeSync();
      } catch {
        // Flushing into a failed transaction may throw; the caller's rollback discards it anyway.
      }
    }
  }

  private appenders(): DuckDBAppender[] {
    return [this.trajectories, this.turns, this.logprobs, this.redactions];
  }

  private closeAppenders(): void {
    for (const appender of this.appenders()) appender.closeSync();
  }
}
