// One trajectory as the per-token lists of the `tokens` export. The framing is exactly the ChatML
// rendering that scoring uses (scoring/chat-rendering.ts, renderChatml), tokenized piece by piece
// in the same places, so stored token ids and their log-probs sit in the context they were
// scored in: the tool schemas under "# Tools" in the leading system message (or one of their own),
// then each turn as "<|im_start|>role\n<body><|im_end|>\n". An assistant turn's own tokens are its
// body and its "<|im_end|>" (the stored ids where there are any, with "<|im_end|>" added when they
// lack it): these are trained, so the model also learns to end its turn. Role headers, the newline after "<|im_end|>" and every other turn are context.
// The sequence ends with the last assistant turn: nothing after it would be trained.
import type { Weighting } from '../../shared/api-export';
import { chatmlBody, chatmlOpening, type ScoringTurn } from '../scoring/chat-rendering';
import type { LocalTokenizer } from './local-tokenizer';
import { weightOf } from './weight-transform';

export interface TokenTurn extends ScoringTurn {
  /** The stored policy log-probs of storedTokenIds (null where one is missing), or null. */
  storedLogprobs: (number | null)[] | null;
}

export interface TokenSequence {
  input_ids: number[];
  /** input_ids where trained, -100 elsewhere; not shifted (the trainer shifts). */
  labels: number[];
  loss_mask: number[];
  weights: number[];
  advantages: number[];
  logprobs: (number | null)[];
}

export interface SequenceInput {
  turns: TokenTurn[];
  /** The trajectory's tool schemas as stored, or null. */
  tools: unknown[] | null;
  /** Per turn (by position), the credit x of its segment, or null. */
  credit: (number | null)[];
  weighting: Weighting;
  tokenizer: LocalTokenizer | null;
}

export const IGNORE_INDEX = -100;

export const FRAMING_RULE =
  'ChatML as Turnwise scoring renders it (scoring rendering "chatml"): the tool schemas as "# Tools" lines appended to the leading system message (or a system message of their own when there is none), then each turn as "<|im_start|>role\\n<body><|im_end|>\\n" (environment turns as user; assistant bodies put reasoning in <think>...</think> and each tool call as <tool_call> JSON), tokenized piece by piece where scoring does; stored assistant ids that do not end with <|im_end|> get it appended (trained, no log-prob); special tokens (e.g. a BOS) only at the very start. Ends with the last assistant turn. It is not the model\'s own chat template.';

function emptySequence(): TokenSequence {
  return { input_ids: [], labels: [], loss_mask: [], weights: [], advantages: [], logprobs: [] };
}

function pushContext(sequence: TokenSequence, ids: number[]): void {
  for (const id of ids) {
    sequence.input_ids.push(id);
    sequence.labels.push(IGNORE_INDEX);
    sequence.loss_mask.push(0);
    sequence.weights.push(0);
    sequence.advantages.push(0);
    sequence.logprobs.push(null);
  }
}

function pushTrained(
  sequence: TokenSequence,
  ids: number[],
  weight: number,
  advantage: number,
  logprobs: (number | null)[] | null,
): void {
  const aligned = logprobs !== null && logprobs.length === ids.length ? logprobs : null;
  ids.forEach((id, i) => {
    const logprob = aligned?.[i];
    sequence.input_ids.push(id);
    sequence.labels.push(id);
    sequence.loss_mask.push(1);
    sequence.weights.push(weight);
    sequence.advantages.push(advantage);
    sequence.logprobs.push(
      typeof logprob === 'number' && Number.isFinite(logprob) ? logprob : null,
    );
  });
}

/** Without a tokenizer, the first turn (or framing) that would need one. */
function missingIdsReason(turns: TokenTurn[]): string {
  const missing = turns.find((t) => t.role !== 'assistant' || t.storedTokenIds === null);
  return missing === undefined
    ? 'no stored token ids for the ChatML role headers; choose a tokenizer.json'
    : `no stored token ids for turn ${missing.turnIndex}; choose a tokenizer.json`;
}

/** Stored ids the tokenizer cannot have produced: it is not the model's tokenizer. */
function outsideVocabulary(turns: TokenTurn[], tokenizer: LocalTokenizer): string | null {
  for (const turn of turns) {
    const ids = turn.role === 'assistant' ? (turn.storedTokenIds ?? []) : [];
    if (ids.some((id) => id >= tokenizer.vocabSize)) {
      return `stored token ids of turn ${turn.turnIndex} are outside the tokenizer's vocabulary (${tokenizer.vocabSize} ids); choose the model's tokenizer.json`;
    }
  }
  return null;
}

/** The end of an assistant turn in Turnwise's ChatML. */
const STOP = '<|im_end|>';

function endsWith(ids: number[], suffix: number[]): boolean {
  return (
    ids.length >= suffix.length &&
    suffix.every((id, i) => ids[ids.length - suffix.length + i] === id)
  );
}

export function tokenSequence(input: SequenceInput): TokenSequence | { skip: string } {
  const last = input.turns.findLastIndex((turn) => turn.role === 'assistant');
  if (last < 0) return { skip: 'no assistant turn' };
  const turns = input.turns.slice(0, last + 1);
  const tokenizer = input.tokenizer;
  if (tokenizer === null) return { skip: missingIdsReason(turns) };
  const outside = outsideVocabulary(turns, tokenizer);
  if (outside !== null) return { skip: outside };
  const sequence = emptySequence();
  const opening = chatmlOpening(turns, input.tools);
  let pending = opening.text;
  const stop = tokenizer.encode(STOP, false);
  for (const [position, turn] of turns.entries()) {
    if (position < opening.consumed) continue;
    if (turn.role !== 'assistant') {
      const role = turn.role === 'environment' ? 'user' : turn.role;
      pending += `<|im_start|>${role}\n${chatmlBody(turn)}<|im_end|>\n`;
      continue;
    }
    const header = `${pending}<|im_start|>assistant\n`;
    pushContext(sequence, tokenizer.encode(header, sequence.input_ids.length === 0));
    const x = input.credit[position] ?? null;
    const weight = weightOf(x, input.weighting);
    if (turn.storedTokenIds !== null) {
      pushTrained(sequence, turn.storedTokenIds, weight, x ?? 0, turn.storedLogprobs);
      // Rollout engines store the sampled ids, often without the stop token; the model must
      // still learn to end its turn, so "<|im_end|>" is added (trained, with no log-prob).
      if (!endsWith(turn.storedTokenIds, stop)) pushTrained(sequence, stop, weight, x ?? 0, null);
    } else {
      const ids = tokenizer.encode(`${chatmlBody(turn)}${STOP}`, false);
      pushTrained(sequence, ids, weight, x ?? 0, null);
    }
    pending = '\n';
  }
  return sequence;
}
