// The comparison of one pair of runs: summary numbers, the per-task scatter, step-level
// behaviour, the task table and the selected task's rollouts. A click on a point or a row selects
// a task.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import type { TaskScope } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { CompareFilter } from '../../routing/routes';
import { SCOPE_LABELS } from './ComparePickers';
import { CompareScatter } from './CompareScatter';
import { CompareSummary } from './CompareSummary';
import { CompareTaskTable } from './CompareTaskTable';
import { StepStatsPanel } from './StepStatsPanel';
import { TaskDetailPanel } from './TaskDetailPanel';
import { UnsharedTasks } from './UnsharedTasks';

type Props = { a: RunInfo; b: RunInfo; scope: TaskScope; filter: CompareFilter };

/** The bootstrap and the sampled paired test are seeded: the same runs, the same numbers. */
const SEED = 0;

export function CompareView({ a, b, scope, filter }: Props) {
  const runs: [string, string] = [a.dataset_id, b.dataset_id];
  const hasFilter = Object.keys(filter).length > 0;
  const comparison = useApi(
    'compareRuns',
    { runs, seed: SEED, tasks: scope, ...(hasFilter ? { filter } : {}) },
    { keepPrevious: true },
  );
  const [selected, setSelected] = useState<string | null>(null);
  const select = (taskId: string) => {
    setSelected(taskId);
    // After the next paint, bring the task's rollouts into view (not in jsdom).
    requestAnimationFrame(() =>
      document.getElementById('compare-task-detail')?.scrollIntoView?.({ behavior: 'smooth' }),
    );
  };

  if (comparison.error !== undefined) {
    return (
      <ErrorAlert
        error={comparison.error}
        title="Could not compare the runs"
        onRetry={comparison.reload}
      />
    );
  }
  const data = comparison.data;
  if (data === undefined) return <Skeleton variant="rounded" height={320} />;
  if (data.shared_tasks === 0) {
    return (
      <EmptyState title="No shared tasks to compare">
        {`${a.name} and ${b.name} have no task with a known outcome in common`}
        {scope === 'all' ? '' : ` among the ${SCOPE_LABELS[scope]}`}
        {hasFilter ? ' under this filter' : ''}. Runs are matched on task_id; rollouts without a
        task id or a known outcome take no part.
      </EmptyState>
    );
  }
  const task = data.tasks.find((t) => t.task_id === selected);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        opacity: comparison.loading ? 0.6 : 1,
      }}
      aria-busy={comparison.loading}
    >
      <CompareSummary comparison={data} a={a} b={b} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(460px, 1fr))',
          gap: 2,
        }}
      >
        <CompareScatter comparison={data} a={a} b={b} selected={selected} onSelect={select} />
        <StepStatsPanel a={data.steps.a} b={data.steps.b} />
      </Box>
      <CompareTaskTable tasks={data.tasks} selected={selected} onSelect={select} />
      {task !== undefined && (
        <TaskDetailPanel
          key={task.task_id}
          task={task}
          a={a}
          b={b}
          filter={hasFilter ? filter : undefined}
        />
      )}
      <UnsharedTasks a={a} b={b} onlyIn={data.only_in_tasks} />
    </Box>
  );
}
