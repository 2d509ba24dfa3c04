// The rules of the heuristic rule set, in precedence order: when several apply to a step, the
// first one listed decides its role. Each rule is a named function returning null (does not
// apply) or a short detail for the rationale. docs/heuristics.md documents every rule.
import type { RoleLabel } from '../../../shared/model';
import { isTestPath } from './action-kinds';
import { compareTestReports, type TestReport } from './observations';
import { changedState, type Step } from './steps';

export interface RuleContext {
  steps: readonly Step[];
  /** The trajectory's outcome; null when unknown (rules that need it then never apply). */
  success: boolean | null;
  /** Test-run verdicts attributed to state changes, by step position. */
  testVerdicts: ReadonlyMap<number, TestVerdict>;
}

export interface TestVerdict {
  change: -1 | 1;
  detail: string;
}

export type RuleMatch = (step: Step, context: RuleContext) => string | null;

export interface HeuristicRule {
  name: string;
  role_label: RoleLabel;
  /** One line: why this pattern earns this role. */
  rationale: string;
  match: RuleMatch;
}

function nothingChangedBetween(steps: readonly Step[], from: number, to: number): boolean {
  return !steps.slice(from + 1, to).some(changedState);
}

/** The same action with the same observation as before, and no state change in between. */
export function repeatedActionSameObservation(step: Step, { steps }: RuleContext): string | null {
  const earlier = steps
    .slice(0, step.position)
    .findLast(
      (s) =>
        s.actionKey === step.actionKey &&
        s.observationKey === step.observationKey &&
        nothingChangedBetween(steps, s.position, step.position),
    );
  return earlier === undefined ? null : `repeats turn ${earlier.turn_index}`;
}

/** The previous action failed with an error and this one repeats it unchanged. */
export function repeatedFailedAction(step: Step, { steps }: RuleContext): string | null {
  const previous = steps[step.position - 1];
  return previous !== undefined && previous.isError && previous.actionKey === step.actionKey
    ? `turn ${previous.turn_index} failed the same way`
    : null;
}

/** An in-place change to a test file, or a write over one the agent has read. */
export function testFileModified(step: Step, { steps }: RuleContext): string | null {
  if (!changedState(step)) return null;
  const earlierPaths = new Set(steps.slice(0, step.position).flatMap((s) => s.paths));
  const touched = step.paths.find(
    (path) => isTestPath(path) && (step.inPlaceEdit || earlierPaths.has(path)),
  );
  return touched === undefined ? null : touched.slice(0, 120);
}

function isLast(step: Step, steps: readonly Step[]): boolean {
  return step.position === steps.length - 1;
}

export function finishingActionOfSuccess(step: Step, { steps, success }: RuleContext) {
  return step.kind === 'finish' && isLast(step, steps) && success === true ? '' : null;
}

export function finishingActionOfFailure(step: Step, { steps, success }: RuleContext) {
  return step.kind === 'finish' && isLast(step, steps) && success === false ? '' : null;
}

export function testsGotWorse(step: Step, { testVerdicts }: RuleContext): string | null {
  const verdict = testVerdicts.get(step.position);
  return verdict?.change === -1 ? verdict.detail : null;
}

export function failedAction(step: Step): string | null {
  return step.isError ? '' : null;
}

export function testsGotBetter(step: Step, { testVerdicts }: RuleContext): string | null {
  const verdict = testVerdicts.get(step.position);
  return verdict?.change === 1 ? verdict.detail : null;
}

/** In a successful trajectory, the last state change that went through. */
export function lastStateChangeBeforeSuccess(step: Step, { steps, success }: RuleContext) {
  if (success !== true || !changedState(step)) return null;
  return steps.slice(step.position + 1).some(changedState) ? null : '';
}

export function unverifiedStateChange(step: Step): string | null {
  return step.kind !== 'lookup' ? '' : null;
}

/** A look-up whose observation has not been seen before in the trajectory. */
export function newInformation(step: Step, { steps }: RuleContext): string | null {
  if (step.observation === null || step.observation.trim() === '') return null;
  const seen = steps.slice(0, step.position).some((s) => s.observationKey === step.observationKey);
  return seen ? null : '';
}

export function noNewInformation(): string {
  return '';
}

export const RULESET_VERSION = 'triage-rules/1';

export const RULES: readonly HeuristicRule[] = [
  {
    name: 'repeated_action_same_observation',
    role_label: 'regression',
    rationale: 'repeats an earlier action and gets the same observation: no new information',
    match: repeatedActionSameObservation,
  },
  {
    name: 'repeated_failed_action',
    role_label: 'regression',
    rationale: 'repeats the previous action unchanged although it failed with an error',
    match: repeatedFailedAction,
  },
  {
    name: 'test_file_modified',
    role_label: 'regression',
    rationale: 'changes an existing test file, which hides failures instead of fixing them',
    match: testFileModified,
  },
  {
    name: 'finishing_action_of_success',
    role_label: 'decisive_progress',
    rationale: 'the finishing action of a successful trajectory delivers the result',
    match: finishingActionOfSuccess,
  },
  {
    name: 'finishing_action_of_failure',
    role_label: 'regression',
    rationale: 'the finishing action of a failed trajectory commits a wrong result',
    match: finishingActionOfFailure,
  },
  {
    name: 'tests_got_worse',
    role_label: 'regression',
    rationale: 'the next run of the same tests after this change reports more failures',
    match: testsGotWorse,
  },
  {
    name: 'failed_action',
    role_label: 'no_progress_infrastructure',
    rationale: 'the action failed with an error, so nothing moved',
    match: failedAction,
  },
  {
    name: 'tests_got_better',
    role_label: 'decisive_progress',
    rationale: 'the next run of the same tests after this change reports fewer failures',
    match: testsGotBetter,
  },
  {
    name: 'last_state_change_before_success',
    role_label: 'decisive_progress',
    rationale: 'the last state-changing action of a successful trajectory',
    match: lastStateChangeBeforeSuccess,
  },
  {
    name: 'unverified_state_change',
    role_label: 'no_progress_infrastructure',
    rationale: 'changes state with no evidence that it helped or harmed',
    match: unverifiedStateChange,
  },
  {
    name: 'new_information',
    role_label: 'useful_exploration',
    rationale: 'a look-up whose observation is new in this trajectory',
    match: newInformation,
  },
  {
    name: 'no_new_information',
    role_label: 'no_progress_infrastructure',
    rationale: 'a look-up with an empty or already seen observation',
    match: noNewInformation,
  },
];

function describeReport(report: TestReport): string {
  return `${report.failed} failing/${report.passed} passing`;
}

/**
 * Compares each test report with the previous report of the same action (the same test command)
 * and attributes the difference to the last state change between them.
 */
export function testVerdicts(steps: readonly Step[]): Map<number, TestVerdict> {
  const verdicts = new Map<number, TestVerdict>();
  const lastReport = new Map<string, Step>();
  for (const step of steps) {
    if (step.tests === null) continue;
    const previous = lastReport.get(step.actionKey);
    lastReport.set(step.actionKey, step);
    if (previous?.tests == null) continue;
    const change = compareTestReports(previous.tests, step.tests);
    const cause = steps.slice(previous.position + 1, step.position).findLast(changedState);
    if (change === 0 || cause === undefined) continue;
    verdicts.set(cause.position, {
      change,
      detail:
        `tests at turn ${previous.turn_index}: ${describeReport(previous.tests)}; ` +
        `at turn ${step.turn_index}: ${describeReport(step.tests)}`,
    });
  }
  return verdicts;
}
