// Human names of the range filters and the text of a range, for the dialog and the chips.
import type { Range, RangeColumn } from '../../../shared/trajectory-filter';

export const RANGE_LABELS: Record<RangeColumn, string> = {
  reward: 'Reward',
  n_turns: 'Turns',
  n_actions: 'Actions',
  progress_score: 'Progress score',
  outcome_advantage: 'Outcome advantage',
  failure_step: 'Predicted failure turn',
  decisive_progress: 'Decisive-progress segments',
  useful_exploration: 'Useful-exploration segments',
  no_progress_infrastructure: 'No-progress segments',
  regression: 'Regression segments',
};

export function rangeText(range: Range): string {
  if (range.min !== undefined && range.max !== undefined) return `${range.min} – ${range.max}`;
  if (range.min !== undefined) return `≥ ${range.min}`;
  if (range.max !== undefined) return `≤ ${range.max}`;
  return 'any';
}

/** Parses a bound typed by the user: empty is no bound, anything not a finite number is an error. */
export function parseBound(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 'invalid';
}
