// Segmentations of a trajectory's turns into credit units (docs/credit.md). A segment is an
// inclusive range of turn_index values; the name of the segmentation is stored with the labels.
import * as z from 'zod';

export interface SegmentToolCall {
  /** Ignored: ids differ between rollouts that make the same call. */
  id?: string;
  name: string;
  /** Canonical JSON text, as importers store it (docs/ARCHITECTURE.md, the workspace); compared as exact text. */
  arguments: string;
}

export interface SegmentTurn {
  turn_index: number;
  role: string;
  is_action: boolean;
  tool_calls: readonly SegmentToolCall[];
  content: string;
}

export interface Segment {
  segment_index: number;
  /** First turn_index in the segment (inclusive). */
  turn_start: number;
  /** Last turn_index in the segment (inclusive); always an acting turn (see actsUnder). */
  turn_end: number;
}

export type Segmentation =
  | { kind: 'action' }
  | { kind: 'turn' }
  | { kind: 'window'; size: number }
  | { kind: 'merge_identical' };

export const DEFAULT_SEGMENTATION = 'action';

const WINDOW_NAME = /^window:([1-9][0-9]*)$/;

/** Every segmentation's name pattern, as help texts and error messages spell it. */
export const SEGMENTATION_NAMES = 'action, turn, merge_identical or window:N (N >= 1)';

/**
 * Parses 'action', 'turn', 'merge_identical' or 'window:N' (N a positive integer written without
 * leading zeros, so every segmentation has exactly one name). Anything else gives null.
 */
export function parseSegmentation(name: string): Segmentation | null {
  if (name === 'action') return { kind: 'action' };
  if (name === 'turn') return { kind: 'turn' };
  if (name === 'merge_identical') return { kind: 'merge_identical' };
  const match = WINDOW_NAME.exec(name);
  if (match === null) return null;
  const size = Number(match[1]);
  return Number.isSafeInteger(size) ? { kind: 'window', size } : null;
}

/** The canonical name of a segmentation (the inverse of parseSegmentation). */
export function segmentationName(segmentation: Segmentation): string {
  return segmentation.kind === 'window' ? `window:${segmentation.size}` : segmentation.kind;
}

export const SegmentationNameSchema = z
  .string()
  .refine((name) => parseSegmentation(name) !== null, {
    message: `expected ${SEGMENTATION_NAMES}`,
  });

// The whitespace class is spelled out (not \s) so SQL can use the identical class: RE2's \s
// lacks \v and JavaScript's \s includes Unicode spaces.
const WHITESPACE_RUN = /[\t\n\v\f\r ]+/g;

/** Runs of ASCII whitespace collapse to one space; leading and trailing space is removed. */
export function normalizeWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').replace(/^ | $/g, '');
}

/** Equal keys iff the calls match pairwise in order by name and argument text. Ids are ignored. */
export function toolCallsKey(calls: readonly SegmentToolCall[]): string {
  return JSON.stringify(calls.map((call) => [call.name, call.arguments]));
}

/** What "the same action" means for merge_identical; see segmentTurns. */
function actionKey(turn: SegmentTurn): string {
  return turn.tool_calls.length > 0
    ? `calls:${toolCallsKey(turn.tool_calls)}`
    : `text:${normalizeWhitespace(turn.content)}`;
}

/**
 * Whether a turn acts (ends a segment of its own): an action turn, or under `turn` any assistant
 * message too, so dialogue replies without tool calls are credit units (docs/credit.md).
 */
export function actsUnder(
  segmentation: Segmentation | string,
  turn: Pick<SegmentTurn, 'role' | 'is_action'>,
): boolean {
  const parsed = typeof segmentation === 'string' ? parseSegmentation(segmentation) : segmentation;
  return turn.is_action || (parsed?.kind === 'turn' && turn.role === 'assistant');
}

/**
 * The turns as the step-based readers (heuristic rules, the judge) should see them under a
 * segmentation: under `turn` every assistant message is an action; otherwise unchanged.
 */
export function withActionsOf<T extends Pick<SegmentTurn, 'role' | 'is_action'>>(
  turns: readonly T[],
  segmentation: Segmentation | string,
): T[] {
  return turns.map((turn) =>
    turn.is_action || !actsUnder(segmentation, turn) ? turn : { ...turn, is_action: true },
  );
}

interface ActionSpan {
  turn_start: number;
  turn_end: number;
  action: SegmentTurn;
}

/**
 * One span per action turn (is_action). For an assistant action it starts at the earliest turn of
 * the unbroken run of non-action assistant turns directly before the action (its separate
 * thoughts, as some formats emit) and ends at the action; an action by another role is its own
 * span. Any other turn (tool, environment, user, system) stops the run,
 * so a span never contains an observation: the following observation is context, never trained
 * on. Non-action assistant turns not directly followed by an action belong to no segment.
 */
function actionSpans(
  turns: readonly SegmentTurn[],
  acts: (turn: SegmentTurn) => boolean,
): ActionSpan[] {
  const ordered = [...turns].sort((a, b) => a.turn_index - b.turn_index);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]?.turn_index === ordered[i - 1]?.turn_index)
      throw new RangeError(`duplicate turn_index ${ordered[i]?.turn_index}`);
  }
  const spans: ActionSpan[] = [];
  ordered.forEach((turn, i) => {
    if (!acts(turn)) return;
    let start = i;
    // Only an assistant's own thoughts join its action (tau2's simulated user can act too).
    while (turn.role === 'assistant' && start > 0) {
      const previous = ordered[start - 1] as SegmentTurn;
      if (previous.role !== 'assistant' || acts(previous)) break;
      start--;
    }
    spans.push({
      turn_start: (ordered[start] as SegmentTurn).turn_index,
      turn_end: turn.turn_index,
      action: turn,
    });
  });
  return spans;
}

/**
 * Segments a trajectory (turns in any order; turn_index must be unique). A trajectory without
 * action turns has no segments.
 * - action: one segment per action span (see actionSpans).
 * - turn: one segment per assistant message, tool call or not, and per action of another role
 *   (every assistant message acts, so no thought joins a later action).
 * - window:N: consecutive runs of N action spans, the last run possibly shorter; a window covers
 *   its first span's start to its last span's end, including the observations in between (they
 *   stay context: only assistant turns inside a segment are trained on).
 * - merge_identical: consecutive action spans whose actions are identical merge into one
 *   segment (A A B A -> [A A] [B] [A]). Identical: the same tool calls (toolCallsKey), or, for
 *   two actions without tool calls, the same whitespace-normalized content.
 */
export function segmentTurns(
  turns: readonly SegmentTurn[],
  segmentation: Segmentation | string = DEFAULT_SEGMENTATION,
): Segment[] {
  const parsed = typeof segmentation === 'string' ? parseSegmentation(segmentation) : segmentation;
  if (parsed === null) throw new RangeError(`unknown segmentation '${String(segmentation)}'`);
  const spans = actionSpans(turns, (turn) => actsUnder(parsed, turn));
  const groups: ActionSpan[][] = [];
  if (parsed.kind === 'action' || parsed.kind === 'turn') {
    for (const span of spans) groups.push([span]);
  } else if (parsed.kind === 'window') {
    for (let i = 0; i < spans.length; i += parsed.size)
      groups.push(spans.slice(i, i + parsed.size));
  } else {
    let previousKey: string | null = null;
    for (const span of spans) {
      const key = actionKey(span.action);
      const current = groups[groups.length - 1];
      if (current !== undefined && key === previousKey) current.push(span);
      else groups.push([span]);
      previousKey = key;
    }
  }
  return groups.map((group, segment_index) => ({
    segment_index,
    turn_start: (group[0] as ActionSpan).turn_start,
    turn_end: (group[group.length - 1] as ActionSpan).turn_end,
  }));
}
