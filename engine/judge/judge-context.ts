// What the judge sees for one segment (docs/credit.md, TRIAGE): the task, the target segment (thought,
// action and what the environment returned), and up to 5 action/observation pairs before and after
// it. Never the outcome: this module is given turns only, never a trajectory's reward, success or
// metadata. Pure, so the exact text (and with it the cache key) is deterministic.
import type { ToolCall } from '../../shared/model';

/**
 * A possibly long text as read from the workspace: its start, its end and its full length. When
 * the whole text was read, head is the text and tail is empty.
 */
export interface ClippedText {
  head: string;
  tail: string;
  length: number;
}

export interface JudgeTurn {
  turn_index: number;
  role: string;
  content: ClippedText;
  reasoning: ClippedText | null;
  tool_calls: readonly ToolCall[];
  is_action: boolean;
}

export interface JudgeSegment {
  segment_index: number;
  turn_start: number;
  turn_end: number;
}

/** Character budgets; the workspace read (judge-store) keeps at least this much of each end. */
export const CONTEXT_LIMITS = {
  task: 4000,
  thought: 2000,
  targetObservation: 6000,
  contextObservation: 1500,
  argument: 2000,
  pairs: 5,
} as const;

export function wholeText(text: string): ClippedText {
  return { head: text, tail: '', length: text.length };
}

/**
 * The text cut to about `limit` characters: two thirds from the start, one third from the end
 * (errors and results tend to be at the end), with the cut marked so the judge knows.
 */
export function clip(text: ClippedText, limit: number): string {
  const whole = text.tail === '' && text.head.length >= text.length;
  if (whole && text.head.length <= limit) return text.head;
  const headPart = Math.floor((limit * 2) / 3);
  const tailPart = limit - headPart;
  const end = text.tail === '' ? text.head : text.tail;
  const omitted = Math.max(0, text.length - headPart - tailPart);
  return (
    `${text.head.slice(0, headPart)}\n[… ${omitted} characters omitted …]\n` +
    `${end.slice(end.length - tailPart)}`
  );
}

function isEmpty(text: ClippedText | null): boolean {
  return text === null || text.length === 0 || (text.head.trim() === '' && text.tail === '');
}

function steps(n: number): string {
  return n === 1 ? '1 step' : `${n} steps`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function renderAction(turn: JudgeTurn, withThought: boolean): string[] {
  const lines: string[] = [];
  if (withThought && !isEmpty(turn.reasoning)) {
    lines.push(`Thought:\n${indent(clip(turn.reasoning as ClippedText, CONTEXT_LIMITS.thought))}`);
  }
  if (turn.tool_calls.length > 0) {
    if (withThought && !isEmpty(turn.content)) {
      lines.push(`Said:\n${indent(clip(turn.content, CONTEXT_LIMITS.thought))}`);
    }
    for (const call of turn.tool_calls) {
      const args = clip(wholeText(call.arguments), CONTEXT_LIMITS.argument);
      lines.push(`Action: ${call.name} ${args}`);
    }
  } else {
    // A text action (ReAct line, command block): the content is the action.
    lines.push(`Action:\n${indent(clip(turn.content, CONTEXT_LIMITS.argument))}`);
  }
  if (turn.role !== 'assistant') lines[lines.length - 1] += ` (taken by the ${turn.role})`;
  return lines;
}

/** The turns after an action up to the next assistant turn or action: what came back. */
function observationAfter(turns: readonly JudgeTurn[], position: number): JudgeTurn[] {
  const observed: JudgeTurn[] = [];
  for (let i = position + 1; i < turns.length; i++) {
    const turn = turns[i] as JudgeTurn;
    if (turn.role === 'assistant' || turn.is_action) break;
    observed.push(turn);
  }
  return observed;
}

function renderObservation(observed: readonly JudgeTurn[], limit: number): string {
  if (observed.length === 0) return 'Observation: (nothing came back)';
  return observed
    .map((turn) => {
      const label = turn.role === 'tool' ? 'Observation' : `Observation (${turn.role})`;
      return `${label}:\n${indent(clip(turn.content, limit))}`;
    })
    .join('\n');
}

function renderPair(turns: readonly JudgeTurn[], position: number, step: number): string {
  const turn = turns[position] as JudgeTurn;
  return [
    `## Step ${step}`,
    ...renderAction(turn, false),
    renderObservation(observationAfter(turns, position), CONTEXT_LIMITS.contextObservation),
  ].join('\n');
}

function renderTarget(turns: readonly JudgeTurn[], first: number, last: number): string[] {
  const lines: string[] = [];
  for (let i = first; i <= last; i++) {
    const turn = turns[i] as JudgeTurn;
    if (turn.is_action) {
      lines.push(...renderAction(turn, true));
      // Observations inside a multi-action segment are rendered as they come; the last one's here.
      if (i === last) {
        lines.push(renderObservation(observationAfter(turns, i), CONTEXT_LIMITS.targetObservation));
      }
    } else if (turn.role === 'assistant') {
      const text = isEmpty(turn.reasoning) ? turn.content : (turn.reasoning as ClippedText);
      lines.push(`Thought:\n${indent(clip(text, CONTEXT_LIMITS.thought))}`);
    } else {
      lines.push(renderObservation([turn], CONTEXT_LIMITS.contextObservation));
    }
  }
  return lines;
}

/** The user message for one segment. Turns may come in any order; turn_index must be unique. */
export function buildJudgeContext(turns: readonly JudgeTurn[], segment: JudgeSegment): string {
  const ordered = [...turns].sort((a, b) => a.turn_index - b.turn_index);
  const first = ordered.findIndex((turn) => turn.turn_index === segment.turn_start);
  const last = ordered.findIndex((turn) => turn.turn_index === segment.turn_end);
  if (first < 0 || last < first) {
    throw new RangeError(
      `segment ${segment.segment_index} (turns ${segment.turn_start}-${segment.turn_end}) ` +
        'does not match the trajectory',
    );
  }
  const actions = ordered.flatMap((turn, position) => (turn.is_action ? [position] : []));
  const stepOf = (position: number) => actions.indexOf(position) + 1;
  const before = actions.filter((position) => position < first);
  const after = actions.filter((position) => position > last);
  const shownBefore = before.slice(-CONTEXT_LIMITS.pairs);
  const shownAfter = after.slice(0, CONTEXT_LIMITS.pairs);
  const targetSteps = actions.filter((p) => p >= first && p <= last).map(stepOf);

  const task = ordered.find((turn) => turn.role === 'user');
  const sections = [
    `# Task\n${task === undefined ? '(no user message)' : clip(task.content, CONTEXT_LIMITS.task)}`,
  ];
  const hiddenBefore = before.length - shownBefore.length;
  sections.push(
    shownBefore.length === 0
      ? '# Earlier steps\n(none: this is the first step)'
      : [
          `# Earlier steps${hiddenBefore > 0 ? ` (${steps(hiddenBefore)} before these not shown)` : ''}`,
          ...shownBefore.map((position) => renderPair(ordered, position, stepOf(position))),
        ].join('\n\n'),
  );
  const label =
    targetSteps.length <= 1
      ? `step ${targetSteps[0] ?? '?'}`
      : `steps ${targetSteps[0]}-${targetSteps[targetSteps.length - 1]}`;
  sections.push(
    [`# The segment to judge: ${label}`, ...renderTarget(ordered, first, last)].join('\n'),
  );
  const hiddenAfter = after.length - shownAfter.length;
  sections.push(
    shownAfter.length === 0
      ? '# Later steps\n(none: this is the last step)'
      : [
          `# Later steps${hiddenAfter > 0 ? ` (${steps(hiddenAfter)} after these not shown)` : ''}`,
          ...shownAfter.map((position) => renderPair(ordered, position, stepOf(position))),
        ].join('\n\n'),
  );
  return sections.join('\n\n');
}
