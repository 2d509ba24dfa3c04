// Writes the judge's answers: labels appended to tw_labels and fresh answers to the cache. Answers
// are committed in small batches (one transaction per batch, at most a fraction of a second
// apart), so a fast endpoint is not held back by a commit per answer; a label is reported as
// written only once its batch has committed.
import { randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { JudgeAnswer } from '../../shared/api-judge';
import { refreshLabelCounts, writeLabels } from '../store/label-counts';
import { sql, type SqlFragment } from '../store/sql-template';
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

/** One multi-row statement per table: a statement per answer would bound the run's throughput. */
async function saveBatch(connection: DuckDBConnection, batch: readonly AnswerItem[]) {
  const cached = batch.flatMap(({ cache, answer }) =>
    cache === null
      ? []
      : [
          sql`(${cache.key}, ${cache.prompt_version}, ${cache.model}, ${JSON.stringify(answer)},
            ${cache.prompt_tokens}, ${cache.completion_tokens}, now())`,
        ],
  );
  const labeled = batch.filter((item) => item.label);
  const labels = labeled.map(
    (item) =>
      sql`(${randomUUID()}, ${item.trajectory_id}, ${item.segment_index}, ${item.answer.role},
        ${item.source}, ${item.answer.rationale}, ${item.answer.confidence}, now(),
        ${item.segmentation})`,
  );
  const run = (statement: SqlFragment) => connection.run(statement.text, statement.params);
  await transaction(connection, async () => {
    if (cached.length > 0) {
      await run(
        sql`INSERT OR IGNORE INTO tw_judge_cache (cache_key, prompt_version, model, response,
           prompt_tokens, completion_tokens, created_at)
         VALUES ${sql.join(cached)}`,
      );
    }
    if (labels.length > 0) {
      await run(
        sql`INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
           rationale, confidence, created_at, segmentation)
         VALUES ${sql.join(labels)}`,
      );
      const ids = [...new Set(labeled.map((item) => item.trajectory_id))];
      await refreshLabelCounts(connection, sql`trajectory_id IN ${ids}`);
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
