// Writes the judge's answers: labels appended to tw_labels and fresh answers to the cache. Answers
// are committed in small batches (one transaction per batch, at most a fraction of a second
// apart), so a fast endpoint is not held back by a commit per answer; a label is reported as
// written only once its batch has committed.
import { randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { JudgeAnswer } from '../../../shared/api-judge';
import { refreshLabelCounts, writeLabels } from '../store/label-counts';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';

export interface CacheEntry {
  key: string;
  prompt_version: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
}

export interface AnswerItem {
  trajectory_id: string;
  segment_index: number;
  segmentation: string;
  source: string;
  answer: JudgeAnswer;
  /** Fresh answers are cached; answers that came from the cache are not written again. */
  cache: CacheEntry | null;
  /** False when this source already labeled the segment (a re-run): nothing to append. */
  label: boolean;
  /** Called once the item is committed. */
  onSaved: () => void;
}

const MAX_BATCH = 64;
const MAX_DELAY_MS = 200;

/** `($1, $2, …), ($k, …)` for rows of `width` parameters, with `now()` spliced in at `nowAt`. */
function valuesList(rows: number, width: number, nowAt: number): string {
  return Array.from({ length: rows }, (_, row) => {
    const params = Array.from({ length: width }, (_, i) => `$${row * width + i + 1}`);
    params.splice(nowAt, 0, 'now()');
    return `(${params.join(', ')})`;
  }).join(', ');
}

/** One multi-row statement per table: a statement per answer would bound the run's throughput. */
async function saveBatch(connection: DuckDBConnection, batch: readonly AnswerItem[]) {
  const cached = batch.flatMap((item) =>
    item.cache === null
      ? []
      : [
          item.cache.key,
          item.cache.prompt_version,
          item.cache.model,
          JSON.stringify(item.answer),
          item.cache.prompt_tokens,
          item.cache.completion_tokens,
        ],
  );
  const labels = batch.flatMap((item) =>
    item.label
      ? [
          randomUUID(),
          item.trajectory_id,
          item.segment_index,
          item.answer.role,
          item.source,
          item.answer.rationale,
          item.answer.confidence,
          item.segmentation,
        ]
      : [],
  );
  await transaction(connection, async () => {
    if (cached.length > 0) {
      await connection.run(
        `INSERT OR IGNORE INTO tw_judge_cache (cache_key, prompt_version, model, response,
           prompt_tokens, completion_tokens, created_at)
         VALUES ${valuesList(cached.length / 6, 6, 6)}`,
        cached,
      );
    }
    if (labels.length > 0) {
      await connection.run(
        `INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
           rationale, confidence, created_at, segmentation)
         VALUES ${valuesList(labels.length / 8, 8, 7)}`,
        labels,
      );
      const ids = [...new Set(batch.filter((item) => item.label).map((i) => i.trajectory_id))];
      await refreshLabelCounts(
        connection,
        `trajectory_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`,
        ids,
      );
    }
  });
}

export class AnswerWriter {
  private pending: AnswerItem[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failure: { error: unknown } | null = null;

  /**
   * `exclusive` serialises this connection's use with the run's other statements; batches are
   * also queued with the workspace's other label writers (see writeLabels).
   */
  constructor(
    private readonly workspace: Workspace,
    private readonly connection: DuckDBConnection,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** Queues an answer; throws if an earlier batch could not be written. */
  add(item: AnswerItem): void {
    if (this.failure !== null) throw this.failure.error;
    if (!item.label && item.cache === null) {
      item.onSaved();
      return;
    }
    this.pending.push(item);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), MAX_DELAY_MS);
  }

  /** Commits what is queued; the first write error is kept and rethrown by add and close. */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      await this.exclusive(() =>
        writeLabels(this.workspace, () => saveBatch(this.connection, batch)),
      );
      for (const item of batch) item.onSaved();
    } catch (error) {
      this.failure ??= { error };
    }
  }

  /** Commits the rest (also after a cancel: those answers were paid for) and reports a failure. */
  async close(): Promise<void> {
    await this.flush();
    // A flush started by add may still be queued behind others on the connection.
    await this.exclusive(async () => undefined);
    if (this.failure !== null) throw this.failure.error;
  }
}
