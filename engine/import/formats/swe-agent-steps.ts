// SWE-agent: pairing `trajectory` steps with the assistant messages of `history`. The two lists
// need not be the same length: the final `submit` step is often missing from 1.x histories, and
// edited demonstrations lose steps in the middle, so pairing by position would put each step's
// state on the wrong turn. Steps are matched by their action and text (an in-order alignment);
// a step no message matches becomes turns of its own, where it ran.
import { RecordError, type CanonicalTurn } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { stepMetadata, stepTurns, type HistoryReply } from './swe-agent-turns';

/** Above this many step x message pairs, a greedy pass replaces the full alignment (memory). */
const MAX_CELLS = 16_000_000;

type Same = 'same' | 'differ' | 'unknown';

interface Keys {
  action: number | null;
  thought: number | null;
  text: number | null;
}

/** Interns trimmed strings as numbers, so comparing long thoughts costs one integer compare. */
function interner(): (value: unknown) => number | null {
  const ids = new Map<string, number>();
  return (value) => {
    if (typeof value !== 'string') return null;
    const key = value.trim();
    if (key === '') return null;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
}

function compare(a: number | null, b: number | null): Same {
  if (a === null || b === null) return 'unknown';
  return a === b ? 'same' : 'differ';
}

/** How well a step and a message agree: 4 action and text, 3 one of them (the other unknown). */
function score(step: Keys, reply: Keys): number {
  const action = compare(step.action, reply.action);
  const texts = [compare(step.thought, reply.thought), compare(step.text, reply.text)];
  const text = texts.includes('same') ? 'same' : texts.includes('differ') ? 'differ' : 'unknown';
  if (action === 'same' && text === 'same') return 4;
  if ((action === 'same' && text === 'unknown') || (action === 'unknown' && text === 'same')) {
    return 3;
  }
  // One agrees and the other does not: a weak pair, chosen only when nothing better fits.
  if ((action === 'same' && text === 'differ') || (action === 'differ' && text === 'same')) {
    return 1;
  }
  return 0;
}

/** For each step, the index of its message, or -1: the best-scoring in-order alignment. */
function align(steps: Keys[], replies: Keys[]): number[] {
  const n = steps.length;
  const m = replies.length;
  const pairs = new Array<number>(n).fill(-1);
  const at = (i: number, j: number) => score(steps[i] as Keys, replies[j] as Keys);
  if (n * m > MAX_CELLS) {
    let next = 0;
    for (let i = 0; i < n && next < m; i += 1) {
      for (let j = next; j < m; j += 1) {
        if (at(i, j) >= 3) {
          pairs[i] = j;
          next = j + 1;
          break;
        }
      }
    }
    return pairs;
  }
  const width = m + 1;
  const best = new Int32Array((n + 1) * width);
  for (let i = 1; i <= n; i += 1) {
    for (let j = 1; j <= m; j += 1) {
      const s = at(i - 1, j - 1);
      const diagonal = s > 0 ? (best[(i - 1) * width + j - 1] ?? 0) + s : 0;
      best[i * width + j] = Math.max(
        best[(i - 1) * width + j] ?? 0,
        best[i * width + j - 1] ?? 0,
        diagonal,
      );
    }
  }
  for (let i = n, j = m; i > 0 && j > 0;) {
    const here = best[i * width + j] ?? 0;
    const s = at(i - 1, j - 1);
    if (s > 0 && here === (best[(i - 1) * width + j - 1] ?? 0) + s) {
      pairs[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    } else if (here === (best[(i - 1) * width + j] ?? 0)) i -= 1;
    else j -= 1;
  }
  return pairs;
}

export interface MergedSteps {
  turns: CanonicalTurn[];
  /** Steps no history message matched, imported as turns of their own. */
  added: number;
  /** Content that could not be placed, as `dropped` reasons. */
  dropped: string[];
}

/**
 * Puts each step's state and execution time on the history turn it matches, and inserts the
 * steps no message matches (assistant + observation turns, `turn.metadata.source = 'trajectory'`)
 * before the next matched message, or at the end.
 */
export function mergeSteps(
  turns: CanonicalTurn[],
  replies: HistoryReply[],
  trajectory: unknown[],
): MergedSteps {
  if (trajectory.length === 0) return { turns, added: 0, dropped: [] };
  const intern = interner();
  const stepKeys = trajectory.map((step, index): Keys => {
    if (!isRecord(step)) throw new RecordError(`trajectory[${index}]: expected a step object`);
    return {
      action: intern(step.action),
      thought: intern(step.thought),
      text: intern(step.response),
    };
  });
  const replyKeys = replies.map(({ message }) => ({
    action: intern(message.action),
    thought: intern(message.thought),
    text: intern(message.content),
  }));
  const pairs = align(stepKeys, replyKeys);
  const matched = pairs.filter((j) => j >= 0).length;
  if (matched === 0 && replies.length > 0) {
    // Nothing corresponds: inserting every step would repeat the history in another form.
    return {
      turns,
      added: 0,
      dropped: [
        `trajectory: none of its ${trajectory.length} steps matches a history message; the ` +
          'steps (state, execution_time, observations) were not imported',
      ],
    };
  }
  const stepOf = new Map<CanonicalTurn, number>();
  pairs.forEach((j, i) => {
    const reply = replies[j];
    if (reply === undefined) return;
    stepOf.set(reply.turn, i);
    const extra = stepMetadata(trajectory[i] as Record<string, unknown>);
    if (Object.keys(extra).length > 0) {
      reply.turn.metadata = { ...(reply.turn.metadata ?? {}), ...extra };
    }
  });
  const merged: CanonicalTurn[] = [];
  let nextStep = 0;
  const emitUpTo = (end: number) => {
    for (; nextStep < end; nextStep += 1) {
      if (pairs[nextStep] !== -1) continue;
      const own = stepTurns(trajectory[nextStep], `trajectory[${nextStep}]`);
      for (const turn of own) turn.metadata = { ...(turn.metadata ?? {}), source: 'trajectory' };
      merged.push(...own);
    }
  };
  for (const turn of turns) {
    const step = stepOf.get(turn);
    if (step !== undefined) {
      emitUpTo(step);
      nextStep = step + 1;
    }
    merged.push(turn);
  }
  emitUpTo(trajectory.length);
  return { turns: merged, added: trajectory.length - matched, dropped: [] };
}
