// Synthetic per-token log-probs for an assistant message. The reference model's log-prob is a
// deterministic function of the token and its context; the policy is the reference with its logit
// moved by an amount that depends on the step's true role (what RL post-training does to a policy
// that has learned which moves pay off), plus step- and token-level noise. Averaged over a step,
// beta * (mean logp_policy - mean logp_ref) is therefore a real but noisy progress signal.

import { clamp, mixHash, round4, unitFromHash } from './random';
import type { AssistantMessage, StepRole } from './record-types';
import { isFunctionPiece, tokenId, tokenize } from './tokenizer';

/** Logit shift of the policy over the reference, by the step's ground-truth role. */
export const POLICY_LOGIT_SHIFT: Readonly<Record<StepRole, number>> = {
  decisive_progress: 0.55,
  useful_exploration: 0.25,
  no_progress_infrastructure: 0,
  regression: -0.55,
};

const STEP_NOISE_SD = 0.3;
const TOKEN_NOISE_SD = 0.4;
const REF_MIN = -3;
const REF_MAX = -0.01;
const POLICY_MIN = -12;
const POLICY_MAX = -0.0001;

export interface TokenScores {
  token_ids: number[];
  logp_policy: number[];
  logp_ref: number[];
}

/** A standard normal draw fixed by a hash, so identical contexts get identical noise. */
function hashedNormal(hash: number): number {
  const u = 1 - unitFromHash(mixHash(hash, 'u'));
  const v = unitFromHash(mixHash(hash, 'v'));
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The text a model generated for an assistant message: its reasoning, content and tool calls. */
export function generatedText(
  message: Pick<AssistantMessage, 'reasoning' | 'content' | 'tool_calls'>,
): string {
  const parts = [message.reasoning, message.content ?? ''];
  for (const call of message.tool_calls)
    parts.push(`${call.function.name}(${call.function.arguments})`);
  return parts.filter((part) => part.length > 0).join('\n');
}

/**
 * Scores generated text. `contextHash` identifies everything before and including this message,
 * so two rollouts that generated the same message after the same prefix get identical arrays.
 */
export function scoreGeneration(text: string, contextHash: number, role: StepRole): TokenScores {
  const pieces = tokenize(text);
  const shift =
    POLICY_LOGIT_SHIFT[role] + STEP_NOISE_SD * hashedNormal(mixHash(contextHash, 'step'));
  const scores: TokenScores = { token_ids: [], logp_policy: [], logp_ref: [] };
  pieces.forEach((piece, index) => {
    const id = tokenId(piece);
    const u = unitFromHash(mixHash(contextHash, index, id));
    // Most tokens are easy; a long tail is not. Function pieces are easier still.
    const hardness = isFunctionPiece(piece) ? 0.25 : 1;
    const ref = clamp(-(0.01 + 2.99 * Math.pow(u, 2.4) * hardness), REF_MIN, REF_MAX);
    const pRef = Math.exp(ref);
    const logitRef = Math.log(pRef) - Math.log(1 - pRef);
    const noise = TOKEN_NOISE_SD * hashedNormal(mixHash(contextHash, index, 'token'));
    const policy = clamp(Math.log(sigmoid(logitRef + shift + noise)), POLICY_MIN, POLICY_MAX);
    scores.token_ids.push(id);
    scores.logp_ref.push(round4(ref));
    scores.logp_policy.push(round4(policy));
  });
  return scores;
}

/** Mean of policy minus mean of reference: the per-step progress signal with beta = 1. */
export function meanLogprobGap(scores: Pick<TokenScores, 'logp_policy' | 'logp_ref'>): number {
  const n = scores.logp_ref.length;
  if (n === 0) return 0;
  const sum = (values: number[]): number => values.reduce((acc, value) => acc + value, 0);
  return (sum(scores.logp_policy) - sum(scores.logp_ref)) / n;
}
