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

/** A row of a successful 5-turn trajectory of task `task` in dataset `ds`, outside any group. */
export function successRow(
  trajectoryId: string,
  group: Pick<TrajectorySummary, 'group_id' | 'sample_index'> = {
    group_id: null,
    sample_index: null,
  },
): TrajectoryListRow {
  return listRow({
    trajectory_id: trajectoryId,
    dataset_id: 'ds',
    task_id: 'task',
    ...group,
    model: null,
    reward: 1,
    success: true,
    n_turns: 5,
    n_actions: 2,
  });
}
