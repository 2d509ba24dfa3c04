// Scores one trajectory: decides which assistant turns to score, renders the prompt(s), asks each
// endpoint for prompt log-probs, aligns them to the turns and writes the rows.
//
// Modes. A turn is scored unless its lists live in an attached file (never rewritten) or, with
// onlyMissing, it already has every list being scored. Scoring one side keeps the other side's
// list only when its token ids equal the new ones (otherwise the pair would not line up).
import type { ScoringFailureCode, ScoringRendering } from '../../shared/api-scoring';
import { TurnwiseError } from '../../shared/result';
import {
  AlignmentError,
  alignTurnLogprobs,
  fitToContext,
  promptTokens,
  type AlignedTurn,
} from './alignment';
import { renderChatml, renderChatTemplate, type Tokenizer } from './chat-rendering';
import {
  loadTrajectory,
  type LoadedTrajectory,
  type ScoredRow,
  type ScoreWriter,
  type StoredLists,
} from './score-store';
import { EndpointError, type ScoringClient } from './scoring-client';
import type { Workspace } from '../store/workspace';

export type Side = 'policy' | 'ref';
const LIST_OF: Record<Side, 'logp_policy' | 'logp_ref'> = {
  policy: 'logp_policy',
  ref: 'logp_ref',
};

export interface SideEndpoint {
  side: Side;
  client: ScoringClient;
  model: string;
}

export interface TrajectoryContext {
  workspace: Workspace;
  writer: ScoreWriter;
  rendering: ScoringRendering;
  onlyMissing: boolean;
  sides: SideEndpoint[];
  /** Tokenizes for every side: their tokenizers were checked to agree. */
  tokenizer: Tokenizer;
  /** The smallest context length the endpoints' model cards report, if any. */
  maxModelLen: number | null;
}

export interface TrajectoryOutcome {
  status: 'scored' | 'skipped' | 'failed';
  code: ScoringFailureCode | null;
  reason: string | null;
  turnsScored: number;
  turnsAlreadyScored: number;
  turnsInFiles: number;
  turnsBeyondContext: number;
  tokens: number;
  perTurn: boolean;
}

interface TurnPlan {
  targets: number[];
  alreadyScored: number;
  inFiles: number;
}

export function planTurns(loaded: LoadedTrajectory, sides: Side[], onlyMissing: boolean): TurnPlan {
  const plan: TurnPlan = { targets: [], alreadyScored: 0, inFiles: 0 };
  for (const turn of loaded.turns) {
    if (turn.role !== 'assistant') continue;
    if (loaded.inFiles.has(turn.turnIndex)) {
      plan.inFiles += 1;
      continue;
    }
    const stored = loaded.stored.get(turn.turnIndex);
    if (onlyMissing && stored && sides.every((side) => stored[LIST_OF[side]] !== null)) {
      plan.alreadyScored += 1;
      continue;
    }
    plan.targets.push(turn.turnIndex);
  }
  return plan;
}

function sameIds(a: readonly number[] | null, b: readonly number[]): boolean {
  return a !== null && a.length === b.length && a.every((id, i) => id === b[i]);
}

/** The row of a scored turn: fresh lists for the sides scored, the others kept if they line up. */
export function scoredRow(
  turnIndex: number,
  tokenIds: number[],
  fresh: Partial<Record<Side, number[]>>,
  stored: StoredLists | undefined,
): ScoredRow {
  const aligned = stored !== undefined && sameIds(stored.token_ids, tokenIds);
  const kept = (list: number[] | null | undefined) =>
    aligned && list && list.length === tokenIds.length ? list : null;
  return {
    turn_index: turnIndex,
    token_ids: tokenIds,
    logp_policy: fresh.policy ?? kept(stored?.logp_policy),
    logp_ref: fresh.ref ?? kept(stored?.logp_ref),
  };
}

function outcome(status: TrajectoryOutcome['status'], plan: TurnPlan): TrajectoryOutcome {
  return {
    status,
    code: null,
    reason: null,
    turnsScored: 0,
    turnsAlreadyScored: plan.alreadyScored,
    turnsInFiles: plan.inFiles,
    turnsBeyondContext: 0,
    tokens: 0,
    perTurn: false,
  };
}

export async function scoreTrajectory(
  context: TrajectoryContext,
  trajectoryId: string,
): Promise<TrajectoryOutcome> {
  let loaded: LoadedTrajectory;
  try {
    loaded = await loadTrajectory(context.workspace, trajectoryId);
  } catch (error) {
    // An attached trajectory whose file is gone fails alone; the others are still scored.
    if (!(error instanceof TurnwiseError && error.code === 'not_found')) throw error;
    return {
      ...outcome('failed', { targets: [], alreadyScored: 0, inFiles: 0 }),
      code: 'file_missing',
      reason: error.message,
    };
  }
  const sides = context.sides.map((s) => s.side);
  const plan = planTurns(loaded, sides, context.onlyMissing);
  if (plan.targets.length === 0) return outcome('skipped', plan);
  const result = outcome('scored', plan);
  try {
    const render = context.rendering === 'chatml' ? renderChatml : renderChatTemplate;
    const rendered = await render(context.tokenizer, {
      turns: loaded.turns,
      tools: loaded.tools,
      targets: plan.targets,
    });
    result.perTurn = rendered.perTurn;
    const limits = [context.maxModelLen, rendered.maxModelLen].filter((n) => n !== null);
    const targets = new Set(plan.targets);
    const rows: ScoredRow[] = [];
    for (const prompt of rendered.prompts) {
      // One token is generated after the prompt, so the prompt may use all but one position.
      const fitted =
        limits.length === 0
          ? { segments: prompt, droppedTurns: [] }
          : fitToContext(prompt, Math.min(...limits) - 1);
      result.turnsBeyondContext += fitted.droppedTurns.filter((t) => targets.has(t)).length;
      if (!fitted.segments.some((s) => s.kind === 'turn' && targets.has(s.turnIndex))) continue;
      const ids = promptTokens(fitted.segments);
      const perSide = await Promise.all(
        context.sides.map(async ({ side, client, model }) => {
          const aligned = alignTurnLogprobs(
            fitted.segments,
            await client.promptLogprobs(model, ids),
          );
          return { side, aligned: new Map(aligned.map((turn) => [turn.turnIndex, turn])) };
        }),
      );
      const first = perSide[0]?.aligned ?? new Map<number, AlignedTurn>();
      for (const [turnIndex, turn] of first) {
        if (!targets.has(turnIndex) || turn.tokenIds.length === 0) continue;
        targets.delete(turnIndex); // a per-turn prompt scores its own turn only once
        const fresh: Partial<Record<Side, number[]>> = {};
        for (const { side, aligned } of perSide) fresh[side] = aligned.get(turnIndex)?.logprobs;
        rows.push(scoredRow(turnIndex, turn.tokenIds, fresh, loaded.stored.get(turnIndex)));
        result.tokens += turn.tokenIds.length;
      }
    }
    await context.writer.write(trajectoryId, rows);
    result.turnsScored = rows.length;
    if (rows.length === 0) result.status = 'skipped';
    return result;
  } catch (error) {
    // A refusal of this trajectory (too long, a template error) or a response that does not line
    // up fails the trajectory; anything about the endpoint itself fails the job.
    if (error instanceof AlignmentError) {
      return { ...result, status: 'failed', code: error.code, reason: error.message, tokens: 0 };
    }
    if (error instanceof EndpointError && error.requestSpecific) {
      return { ...result, status: 'failed', code: 'refused', reason: error.message, tokens: 0 };
    }
    throw error;
  }
}
