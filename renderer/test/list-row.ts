// A listTrajectories row for renderer tests: a summary plus empty label counts and no credit.
import type { TrajectoryListRow } from '../../shared/api-explorer';
import type { TrajectorySummary } from '../../shared/model';

export function listRow(summary: TrajectorySummary): TrajectoryListRow {
  return {
    trajectory_id: summary.trajectory_id,
    dataset_id: summary.dataset_id,
    task_id: summary.task_id,
    group_id: summary.group_id,
    sample_index: summary.sample_index,
    model: summary.model,
    reward: summary.reward,
    success: summary.success,
    n_turns: summary.n_turns,
    n_actions: summary.n_actions,
    progress_score: null,
    outcome_advantage: null,
    failure_step: null,
    decisive_progress: 0,
    useful_exploration: 0,
    no_progress_infrastructure: 0,
    regression: 0,
  };
}
