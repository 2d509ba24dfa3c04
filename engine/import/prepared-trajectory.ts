// A trajectory made ready to append: secrets redacted and every nested value serialised to the
// text its column stores. This is the CPU-heavy half of an import, and it needs no DuckDB, so it
// can run on a reading thread (read-in-worker.ts) while the engine's thread only appends
// (dataset-writer.ts). Everything that can fail on a hostile record fails here, before any row
// of it is written.
import { canonicalJson } from '../text/canonical-json';
import type { CanonicalTrajectory, CanonicalTurn, TokenLogprobs } from '../chat/canonical';
import { redactTrajectory, type Redaction } from '../secrets/redact-trajectory';

export interface PreparedTurn {
  role: CanonicalTurn['role'];
  content: string;
  reasoning: string | null;
  /** The tool calls as JSON text. */
  tool_calls: string;
  tool_call_id: string | null;
  is_action: boolean;
  n_tokens: number | null;
  metadata: string | null;
  error: string | null;
  /**
   * Per-token lists as numbers: the writer appends them as list vectors (dataset-writer.ts), and
   * numbers cross threads cheaper than their text.
   */
  logprobs: TokenLogprobs | null;
}

/** A prepared trajectory; ids and group are settled by the import (source-scope.ts). */
export interface PreparedTrajectory {
  task_id: string | null;
  sample_index: number | null;
  model: string | null;
  reward: number | null;
  success: boolean | null;
  metadata: string | null;
  tools: string | null;
  turns: PreparedTurn[];
  actions: number;
  redactions: Redaction[];
}

/**
 * Serialised tools by the redacted value redact-trajectory.ts shares among the trajectories that
 * carry the same tools (kept secrets leave each record its own value: nothing to share).
 */
const toolsTexts = new WeakMap<unknown[], string>();

function toolsText(tools: unknown[]): string {
  let text = toolsTexts.get(tools);
  if (text === undefined) {
    text = canonicalJson(tools);
    toolsTexts.set(tools, text);
  }
  return text;
}

function preparedTurn(turn: CanonicalTurn): PreparedTurn {
  return {
    role: turn.role,
    content: turn.content,
    reasoning: turn.reasoning,
    tool_calls: JSON.stringify(turn.tool_calls),
    tool_call_id: turn.tool_call_id,
    is_action: turn.is_action,
    n_tokens: turn.n_tokens,
    metadata: turn.metadata ? canonicalJson(turn.metadata) : null,
    error: turn.error ? canonicalJson(turn.error) : null,
    logprobs: turn.logprobs,
  };
}

/**
 * Redacts (unless secrets are kept) and serialises one trajectory. Throws what serialising a
 * hostile record throws (a RecordError, a stack overflow), for the caller to report.
 */
export function prepareTrajectory(
  read: CanonicalTrajectory,
  keepSecrets: boolean,
): PreparedTrajectory {
  const { trajectory, redactions } = keepSecrets
    ? { trajectory: read, redactions: [] }
    : redactTrajectory(read);
  return {
    task_id: trajectory.task_id,
    sample_index: trajectory.sample_index,
    model: trajectory.model,
    reward: trajectory.reward,
    success: trajectory.success,
    metadata: trajectory.metadata === null ? null : canonicalJson(trajectory.metadata),
    tools:
      trajectory.tools === null
        ? null
        : keepSecrets
          ? canonicalJson(trajectory.tools)
          : toolsText(trajectory.tools),
    turns: trajectory.turns.map(preparedTurn),
    actions: trajectory.turns.filter((turn) => turn.is_action).length,
    redactions,
  };
}
