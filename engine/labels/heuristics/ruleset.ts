// Applies the heuristic rule set to one trajectory: a role per step (the first rule in precedence
// order that applies), then one label per segment. Pure: no outcome beyond `success` and no
// ground truth is read.
import type { RoleLabel } from '../../../shared/model';
import type { Segment } from '../../../shared/segments';
import { RULES, RULESET_VERSION, testVerdicts, type RuleContext } from './rules';
import { buildSteps, type HeuristicTurn, type Step } from './steps';

export { RULES, RULESET_VERSION } from './rules';
export type { HeuristicTurn } from './steps';

export const HEURISTIC_SOURCE = `heuristic:${RULESET_VERSION}`;

export interface HeuristicTrajectory {
  turns: readonly HeuristicTurn[];
  segments: readonly Segment[];
  success: boolean | null;
}

export interface StepLabel {
  turn_index: number;
  role_label: RoleLabel;
  rule: string;
  /** Position of the rule in RULES (lower decides). */
  precedence: number;
  rationale: string;
}

export interface SegmentLabel {
  segment_index: number;
  role_label: RoleLabel;
  rule: string;
  rationale: string;
}

function labelStep(step: Step, context: RuleContext): StepLabel {
  for (const [precedence, rule] of RULES.entries()) {
    const detail = rule.match(step, context);
    if (detail === null) continue;
    return {
      turn_index: step.turn_index,
      role_label: rule.role_label,
      rule: rule.name,
      precedence,
      rationale: `${rule.name}: ${rule.rationale}${detail === '' ? '' : ` (${detail})`}`,
    };
  }
  // The last rule always applies; this is unreachable unless RULES is edited carelessly.
  throw new Error(`no heuristic rule applies to turn ${step.turn_index}`);
}

/** A role for every action turn of the trajectory, in turn order. */
export function labelSteps(turns: readonly HeuristicTurn[], success: boolean | null): StepLabel[] {
  const steps = buildSteps(turns);
  const context: RuleContext = { steps, success, testVerdicts: testVerdicts(steps) };
  return steps.map((step) => labelStep(step, context));
}

/**
 * One label per segment. A segment holding several actions (window:N, merge_identical) takes the
 * label of its action decided by the highest-precedence rule (the later action on a tie), so a
 * regression inside a window is never averaged away.
 */
export function labelTrajectory(trajectory: HeuristicTrajectory): SegmentLabel[] {
  const steps = labelSteps(trajectory.turns, trajectory.success);
  return trajectory.segments.flatMap((segment) => {
    const inside = steps.filter(
      (s) => s.turn_index >= segment.turn_start && s.turn_index <= segment.turn_end,
    );
    if (inside.length === 0) return [];
    const decisive = inside.reduce((a, b) => (b.precedence <= a.precedence ? b : a));
    return [
      {
        segment_index: segment.segment_index,
        role_label: decisive.role_label,
        rule: decisive.rule,
        rationale:
          inside.length > 1
            ? `turn ${decisive.turn_index}: ${decisive.rationale}`
            : decisive.rationale,
      },
    ];
  });
}
