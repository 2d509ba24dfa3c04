// SQL over attached Parquet files: the per-trajectory index rows written at attach time, and the
// turns and per-token log-probs read from the files on demand (whole dataset or one row).
import { quoteText, type AttachSpec } from './attach-spec';

export interface AttachedSource {
  datasetId: string;
  spec: AttachSpec;
}

/** Rows of every file, with the file's position and the row number that make the id. */
export function allFilesRelation(files: string[]): string {
  const list = `[${files.map(quoteText).join(', ')}]`;
  return `(SELECT *, list_position(${list}, filename) - 1 AS __file, file_row_number AS __row
    FROM read_parquet(${list}, filename = true, file_row_number = true))`;
}

/** One file's rows; with a row number, that row only (DuckDB pushes the filter into the scan). */
export function fileRelation(file: string, fileIndex: number, row?: number): string {
  const where = row === undefined ? '' : ` WHERE file_row_number = ${Math.trunc(row)}`;
  return `(SELECT *, ${fileIndex} AS __file, file_row_number AS __row
    FROM read_parquet(${quoteText(file)}, file_row_number = true)${where})`;
}

function trajectoryIdSql(datasetId: string): string {
  return `${quoteText(`${datasetId}:`)} || __file || ':' || __row`;
}

/** Rows whose message list is readable, with it normalised as __msgs. */
function readable(spec: AttachSpec, relation: string): string {
  return `(SELECT * FROM (SELECT *, ${spec.messages} AS __msgs FROM ${relation})
    WHERE tw_messages_problem(__msgs) IS NULL)`;
}

/** Index rows (tw_trajectories columns) of one file. */
export function indexSelect({ datasetId, spec }: AttachedSource, file: string, fileIndex: number) {
  const stem = file.replace(/^.*[\\/]/, '').replace(/\.parquet$/i, '');
  return `SELECT ${trajectoryIdSql(datasetId)} AS trajectory_id, ${quoteText(datasetId)},
      coalesce(${spec.source_id}, ${quoteText(`${stem}-`)} || (__row + 1)), ${spec.task_id},
      ${spec.group_id}, ${spec.sample_index}, ${spec.model}, ${spec.reward}, ${spec.success},
      len(__msgs), len(list_filter(__msgs, m -> tw_is_action(m))),
      ${quoteText(`${file}:`)} || (__row + 1), ${spec.metadata}, ${spec.tools}, ${spec.group_id}
    FROM ${readable(spec, fileRelation(file, fileIndex))}`;
}

/** Rows of one file that cannot be read, with the reason (1-based row numbers, as lines). */
export function problemsSelect(spec: AttachSpec, file: string, limit: number): string {
  return `SELECT __row + 1 AS line, reason FROM (
      SELECT __row, tw_messages_problem(${spec.messages}) AS reason
      FROM ${fileRelation(file, 0)})
    WHERE reason IS NOT NULL ORDER BY line LIMIT ${limit}`;
}

function messagesRelation({ datasetId, spec }: AttachedSource, relation: string): string {
  return `(SELECT ${trajectoryIdSql(datasetId)} AS trajectory_id, unnest(__msgs) AS m,
      unnest(range(len(__msgs)))::INTEGER AS turn_index
    FROM ${readable(spec, relation)})`;
}

/** Canonical turns (the columns of tw_turns) of the rows of a relation. */
export function turnsSelect(source: AttachedSource, relation: string): string {
  return `SELECT trajectory_id, turn_index, tw_role(m.role) AS role,
      tw_content(m.content, m.text) AS content,
      coalesce(m.reasoning, m.reasoning_content) AS reasoning,
      tw_tool_calls_json(m.tool_calls) AS tool_calls, m.tool_call_id, tw_is_action(m) AS is_action,
      (CASE WHEN tw_role(m.role) = 'assistant'
        THEN coalesce(len(m.token_ids), len(m.logp_policy), len(m.logp_ref)) END)::INTEGER
        AS n_tokens,
      NULL::JSON AS metadata, NULL::JSON AS error
    FROM ${messagesRelation(source, relation)}`;
}

/**
 * Per-token lists (the columns of tw_token_logprobs) of the rows of a relation. A turn scored
 * later (`turnwise score` writes tw_token_logprobs) takes the place of the file's own lists.
 */
export function logprobsSelect(source: AttachedSource, relation: string): string {
  return `SELECT trajectory_id, turn_index, m.token_ids, m.logp_policy, m.logp_ref
    FROM ${messagesRelation(source, relation)} f
    WHERE tw_role(m.role) = 'assistant'
      AND (m.token_ids IS NOT NULL OR m.logp_policy IS NOT NULL OR m.logp_ref IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM tw_token_logprobs stored
        WHERE stored.trajectory_id = f.trajectory_id AND stored.turn_index = f.turn_index)`;
}
