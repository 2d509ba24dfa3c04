// A trajectory as the heuristic rules see it: one step per action turn with its observation (the
// tool, environment and user turns that follow it) and the facts read from both.
import { normalizeWhitespace, toolCallsKey } from '../../../shared/segments';
import { actionFacts, type ActionCall, type ActionKind } from './action-kinds';
import {
  isErrorObservation,
  observationKey,
  parseTestReport,
  type TestReport,
} from './observations';

export interface HeuristicTurn {
  turn_index: number;
  role: string;
  /** The text (the engine passes the head and tail of very long contents). */
  content: string;
  /** Equal for equal contents up to whitespace; defaults to the normalised content. */
  content_key?: string;
  tool_calls: readonly ActionCall[];
  is_action: boolean;
}

export interface Step {
  /** Position among the trajectory's actions (0-based). */
  position: number;
  turn_index: number;
  /** Equal for the same action: same tool calls (ids ignored) or the same text. */
  actionKey: string;
  kind: ActionKind;
  paths: string[];
  inPlaceEdit: boolean;
  /** Null when no observation follows the action. */
  observation: string | null;
  observationKey: string | null;
  isError: boolean;
  tests: TestReport | null;
}

const OBSERVATION_ROLES = new Set(['tool', 'environment', 'user']);

function actionKey(turn: HeuristicTurn): string {
  return turn.tool_calls.length > 0
    ? `calls:${toolCallsKey(turn.tool_calls)}`
    : `text:${normalizeWhitespace(turn.content)}`;
}

/** One step per action turn, in turn order. */
export function buildSteps(turns: readonly HeuristicTurn[]): Step[] {
  const ordered = [...turns].sort((a, b) => a.turn_index - b.turn_index);
  const steps: Step[] = [];
  ordered.forEach((turn, i) => {
    if (!turn.is_action) return;
    // The observation runs until the next assistant turn or the next action (a user may act).
    const observed: HeuristicTurn[] = [];
    for (const next of ordered.slice(i + 1)) {
      if (next.is_action || next.role === 'assistant') break;
      if (OBSERVATION_ROLES.has(next.role)) observed.push(next);
    }
    const observation = observed.length > 0 ? observed.map((t) => t.content).join('\n') : null;
    const facts = actionFacts(turn.tool_calls, turn.content);
    steps.push({
      position: steps.length,
      turn_index: turn.turn_index,
      actionKey: actionKey(turn),
      kind: facts.kind,
      paths: facts.paths,
      inPlaceEdit: facts.inPlaceEdit,
      observation,
      observationKey:
        observed.length > 0
          ? observed.map((t) => t.content_key ?? observationKey(t.content)).join('\u0000')
          : null,
      // Only the first observation turn says whether the tool failed.
      isError: observed[0] !== undefined && isErrorObservation(observed[0].content),
      tests: observation === null ? null : parseTestReport(observation),
    });
  });
  return steps;
}

/** A state change that went through (its observation is not an error). */
export function changedState(step: Step): boolean {
  return step.kind === 'state_change' && !step.isError;
}
