// The work of a judge run, produced lazily: one task per segment, trajectory by trajectory as
// their turns stream from DuckDB, each with its context, cache key and cached answer (if any).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { JudgeAnswer } from '../../shared/api-judge';
import { TurnwiseError } from '../../shared/result';
import { withActionsOf } from '../../shared/segments';
import { buildJudgeContext, type JudgeSegment } from './judge-context';
import { cacheKey, cachedAnswers, streamTrajectoryTurns } from './judge-store';

export type JudgeTask =
  | {
      kind: 'ask';
      trajectory_id: string;
      segment_index: number;
      context: string;
      key: string;
      cached: JudgeAnswer | null;
    }
  | { kind: 'broken'; trajectory_id: string; segment_index: number; reason: string };

export interface TaskSource {
  reader: DuckDBConnection;
  /** The connection for cache lookups, used only through `exclusive`. */
  writer: DuckDBConnection;
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  trajectoryIds: string[];
  segments: Map<string, JudgeSegment[]>;
  /** The segments' segmentation: under `turn` a plain reply is judged as the step's action. */
  segmentation: string;
  promptVersion: string;
  model: string;
  signal: AbortSignal;
}

function prepare(
  trajectory_id: string,
  turns: Parameters<typeof buildJudgeContext>[0],
  segment: JudgeSegment,
  source: TaskSource,
): JudgeTask {
  try {
    const context = buildJudgeContext(turns, segment);
    const key = cacheKey(source.promptVersion, source.model, context);
    const { segment_index } = segment;
    return { kind: 'ask', trajectory_id, segment_index, context, key, cached: null };
  } catch (error) {
    const reason = (error as Error).message;
    return { kind: 'broken', trajectory_id, segment_index: segment.segment_index, reason };
  }
}

export async function* judgeTasks(source: TaskSource): AsyncGenerator<JudgeTask> {
  const seen = new Set<string>();
  for await (const { trajectory_id, turns } of streamTrajectoryTurns(
    source.reader,
    source.trajectoryIds,
  )) {
    if (source.signal.aborted) throw new TurnwiseError('cancelled', 'judge cancelled');
    seen.add(trajectory_id);
    const acting = withActionsOf(turns, source.segmentation);
    const built = (source.segments.get(trajectory_id) ?? []).map((segment) =>
      prepare(trajectory_id, acting, segment, source),
    );
    const keys = built.flatMap((task) => (task.kind === 'ask' ? [task.key] : []));
    const hits = await source.exclusive(() => cachedAnswers(source.writer, keys));
    for (const task of built) {
      yield task.kind === 'ask' ? { ...task, cached: hits.get(task.key) ?? null } : task;
    }
  }
  // Segments whose turns were not there (an attached dataset's files gone) fail visibly.
  for (const id of source.trajectoryIds) {
    if (seen.has(id)) continue;
    for (const segment of source.segments.get(id) ?? []) {
      yield {
        kind: 'broken',
        trajectory_id: id,
        segment_index: segment.segment_index,
        reason: 'its turns could not be read (attached files missing?)',
      };
    }
  }
}
