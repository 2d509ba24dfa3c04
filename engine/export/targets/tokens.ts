// tokens: one Parquet row per trajectory with per-token lists (input_ids, labels, loss_mask,
// weights, advantages, logprobs), the only export that carries credit per token (docs/export.md).
// Assistant turns use their stored token ids and policy log-probs where the workspace has them
// (tw_all_token_logprobs); everything else is tokenized with the user's local tokenizer.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { TURN_ROLES } from '../../../shared/model';
import { userSideTurns } from '../agent-view';
import { schemasToEmbed, type LoadedTrajectory } from '../chat-messages';
import { loadLocalTokenizer, type LocalTokenizer } from '../local-tokenizer';
import { weightRule } from '../weight-transform';
import { FRAMING_RULE, IGNORE_INDEX, tokenSequence, type TokenTurn } from '../token-sequence';
import type { ExportContext, ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { FiniteOrNull } from '../../store/finite-number';
import { idBatch } from '../../store/id-batch';
import { sql } from '../../store/sql-template';
import { redactJsonText, redactText, totalOf, type KindCounts } from '../../secrets/redact';
import { toolCallsOf } from '../../store/row-schemas';

/** One tokenizer per export (the context object lives exactly as long as one export). */
const TOKENIZERS = new WeakMap<ExportContext, Promise<LocalTokenizer | null>>();

function tokenizerFor(context: ExportContext): Promise<LocalTokenizer | null> {
  let loading = TOKENIZERS.get(context);
  if (loading === undefined) {
    const file = context.selection.tokenizer_path;
    loading = file === undefined ? Promise.resolve(null) : loadLocalTokenizer(file);
    TOKENIZERS.set(context, loading);
  }
  return loading;
}

interface Enriched {
  turns: TokenTurn[];
  tokenizer: LocalTokenizer | null;
}

/** What enrich read for each loaded trajectory, for build. */
const ENRICHED = new WeakMap<LoadedTrajectory, Enriched>();

/** A stored list, or null when it is missing or empty. */
function storedList<T>(list: T[] | null): T[] | null {
  return list !== null && list.length > 0 ? list : null;
}

/**
 * A turn of an unredacted dataset with its secrets replaced. Its stored token ids spell out the
 * original text, so when anything was replaced they are dropped and the text is tokenized anew.
 */
function withoutSecrets(turn: TokenTurn, found: KindCounts): TokenTurn {
  const before = totalOf(found);
  const redacted: TokenTurn = {
    ...turn,
    content: redactText(turn.content, found),
    reasoning: turn.reasoning === null ? null : redactText(turn.reasoning, found),
    toolCalls: turn.toolCalls.map((call) => ({
      ...call,
      arguments: redactJsonText(call.arguments, found),
    })),
  };
  return totalOf(found) === before
    ? turn
    : { ...redacted, storedTokenIds: null, storedLogprobs: null };
}

/** A turn with its stored token ids and policy log-probs (NaN and infinities read as null). */
const TokenTurnRow = z.object({
  trajectory_id: z.string(),
  turn_index: z.number(),
  role: z.enum(TURN_ROLES),
  content: z.string(),
  reasoning: z.string().nullable(),
  tool_calls: z.string(),
  tool_call_id: z.string().nullable(),
  token_ids: z.array(z.number()).nullable(),
  logp_policy: z.array(FiniteOrNull).nullable(),
});

/** Every turn with its stored ids and policy log-probs, for a batch: one query. */
async function loadTokenTurns(
  context: ExportContext,
  ids: string[],
): Promise<Map<string, TokenTurn[]>> {
  const rows = await context.workspace.queryAs(
    TokenTurnRow,
    sql`SELECT t.trajectory_id, t.turn_index, t.role, t.content, t.reasoning,
       t.tool_calls::VARCHAR AS tool_calls, t.tool_call_id, l.token_ids, l.logp_policy
     FROM tw_all_turns t LEFT JOIN tw_all_token_logprobs l
       ON l.trajectory_id = t.trajectory_id AND l.turn_index = t.turn_index
     WHERE ${idBatch('t.trajectory_id', ids)}
     ORDER BY t.trajectory_id, t.turn_index`,
  );
  const turns = new Map<string, TokenTurn[]>();
  for (const row of rows) {
    const id = row.trajectory_id;
    const list = turns.get(id) ?? [];
    const turn: TokenTurn = {
      turnIndex: row.turn_index,
      role: row.role,
      content: row.content,
      reasoning: row.reasoning === '' ? null : row.reasoning,
      toolCalls: toolCallsOf(row.tool_calls),
      toolCallId: row.tool_call_id,
      storedTokenIds: storedList(row.token_ids),
      storedLogprobs: storedList(row.logp_policy),
    };
    const scan = context.scan_secrets.has(id);
    list.push(scan ? withoutSecrets(turn, context.redacted_at_export) : turn);
    turns.set(id, list);
  }
  return turns;
}

/**
 * The agent's turns, as the messages hold them (agent-view.ts): a simulated user's tool calls and
 * their results are left out, so credit by message lines up with them.
 */
function agentTurns(turns: TokenTurn[]): TokenTurn[] {
  const { hidden } = userSideTurns(
    turns.map((turn) => ({
      role: turn.role,
      call_ids: turn.toolCalls.map((call) => call.id),
      tool_call_id: turn.toolCallId,
    })),
  );
  return turns.filter((_, position) => !hidden.has(position));
}

/** A turn listed twice means two token rows for it: which one was scored cannot be told. */
function repeatedTurn(turns: TokenTurn[]): number | null {
  const seen = new Set<number>();
  for (const turn of turns) {
    if (seen.has(turn.turnIndex)) return turn.turnIndex;
    seen.add(turn.turnIndex);
  }
  return null;
}

/** The DRIFT weight when the export uses it (null when unknown), else the neutral 1. */
function trajectoryWeight(id: string, context: ExportContext): number | null {
  const weights = context.trajectory_weights;
  return weights === undefined ? 1 : (weights.get(id) ?? null);
}

/** The tokenizer file and its sha256, so the manifest pins the exact vocabulary used. */
function tokenizerIdentity(tokenizerPath: string): { path: string; sha256: string | null } {
  const file = path.resolve(tokenizerPath);
  try {
    return { path: file, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
  } catch {
    return { path: file, sha256: null };
  }
}

export const TOKENS: ExportTargetModule = {
  name: 'tokens',
  file: 'tokens.parquet',
  format: {
    kind: 'parquet',
    columns: {
      trajectory_id: 'VARCHAR',
      task_id: 'VARCHAR',
      input_ids: 'INTEGER[]',
      labels: 'INTEGER[]',
      loss_mask: 'TINYINT[]',
      weights: 'DOUBLE[]',
      advantages: 'DOUBLE[]',
      logprobs: 'DOUBLE[]',
      trajectory_weight: 'DOUBLE',
    },
  },
  needsCredit: true,
  weightField: 'record',
  // Loading the tokenizer here fails a bad file before anything is written.
  plan: async (selected, context) => {
    await tokenizerFor(context);
    return onePerTrajectory(selected);
  },
  enrich: async (loaded, context) => {
    const tokenizer = await tokenizerFor(context);
    if (loaded.size === 0) return;
    const turns = await loadTokenTurns(context, [...loaded.keys()]);
    for (const [id, trajectory] of loaded) {
      ENRICHED.set(trajectory, { turns: agentTurns(turns.get(id) ?? []), tokenizer });
    }
  },
  build: ([trajectory], context) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    const enriched = ENRICHED.get(trajectory);
    if (enriched === undefined) return { skip: 'turns not loaded' };
    const repeated = repeatedTurn(enriched.turns);
    if (repeated !== null) {
      return { skip: `turn ${repeated} has more than one token_logprobs row` };
    }
    const sequence = tokenSequence({
      turns: enriched.turns,
      tools: schemasToEmbed(trajectory, context.scan_secrets, context.redacted_at_export),
      credit: trajectory.message_credit ?? [],
      weighting: context.selection.weighting,
      tokenizer: enriched.tokenizer,
    });
    if ('skip' in sequence) return sequence;
    return {
      record: {
        trajectory_id: trajectory.trajectory_id,
        task_id: trajectory.task_id,
        ...sequence,
        trajectory_weight: trajectoryWeight(trajectory.trajectory_id, context),
      },
    };
  },
  notes: (_creditParams, selection) => ({
    tokenizer:
      selection.tokenizer_path === undefined
        ? 'none chosen: trajectories that needed one are skipped (counts.skipped)'
        : tokenizerIdentity(selection.tokenizer_path),
    framing: FRAMING_RULE,
    token_ids:
      "an assistant turn's stored token ids (tw_all_token_logprobs) where the workspace has them, else the tokenizer.json's encoding of its ChatML body and <|im_end|>; every other token is encoded with the tokenizer.json",
    trained_tokens:
      "each assistant turn's tokens: its body and <|im_end|> (loss_mask 1); role headers and all other turns are not trained (loss_mask 0)",
    labels: `input_ids where loss_mask is 1, ${IGNORE_INDEX} elsewhere; aligned with input_ids, not shifted (the trainer shifts)`,
    weights: `on trained tokens, the turn's weight: ${weightRule(selection.weighting)}; 0 elsewhere`,
    advantages: `on trained tokens, the turn's ${selection.weighting.source} credit x broadcast to its tokens, as TRIAGE broadcasts segment credit to action tokens (turns without credit: 0); 0 elsewhere`,
    trajectory_weight:
      selection.weighting.trajectory === 'drift'
        ? "the trajectory's DRIFT weight (null when unknown)"
        : '1 (no per-trajectory weighting chosen)',
    logprobs:
      'the stored policy log-prob of each token whose id came from storage, log p(token | the tokens before it); null elsewhere',
  }),
};
