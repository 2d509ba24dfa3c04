// The selected task in both runs (compareTask): each run's rollouts and label mix side by side,
// and "Diff" opening the step-aligned diff of a chosen pair, by default a failure of the run
// where the task failed against a success of the other.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Difference from '@mui/icons-material/Difference';
import { useState } from 'react';
import type { CompareTask } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { diffHref, explorerHref, type CompareFilter } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';
import { defaultDiffPair } from './compare-stats';
import { RolloutList } from './RolloutList';
import { TaskStatusChip } from './TaskStatusChip';

type Props = { task: CompareTask; a: RunInfo; b: RunInfo; filter: CompareFilter | undefined };

export function TaskDetailPanel({ task, a, b, filter }: Props) {
  const detail = useApi('compareTask', {
    runs: [a.dataset_id, b.dataset_id],
    task_id: task.task_id,
    ...(filter === undefined ? {} : { filter }),
  });
  const [chosenA, setChosenA] = useState<string | null>(null);
  const [chosenB, setChosenB] = useState<string | null>(null);
  const data = detail.data;
  const pair = data === undefined ? null : defaultDiffPair(data.a.rollouts, data.b.rollouts);
  const left = chosenA ?? pair?.[0] ?? null;
  const right = chosenB ?? pair?.[1] ?? null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, scrollMarginTop: 16 }}
      id="compare-task-detail"
      data-testid="compare-task-detail"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontFamily: MONO_FONT, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {task.task_id}
        </Typography>
        <TaskStatusChip status={task.status} />
        {task.trained !== null && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {task.trained ? 'in B’s training export' : 'held out from B’s training'}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          href={explorerHref({
            ...filter,
            dataset_ids: [a.dataset_id, b.dataset_id],
            task_ids: [task.task_id],
          })}
        >
          Open in the explorer
        </Button>
        <Button
          variant="contained"
          startIcon={<Difference />}
          href={left !== null && right !== null ? diffHref(left, right) : undefined}
          disabled={left === null || right === null}
          data-testid="compare-diff"
        >
          Diff
        </Button>
      </Box>
      {detail.error !== undefined && (
        <ErrorAlert error={detail.error} title="Could not load the task" onRetry={detail.reload} />
      )}
      {detail.error === undefined && data === undefined && (
        <Skeleton variant="rounded" height={160} />
      )}
      {data !== undefined && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))',
            gap: 3,
          }}
        >
          <RolloutList
            side="A"
            runName={a.name}
            rollouts={data.a.rollouts}
            steps={data.a.steps}
            chosen={left}
            onChoose={setChosenA}
          />
          <RolloutList
            side="B"
            runName={b.name}
            rollouts={data.b.rollouts}
            steps={data.b.steps}
            chosen={right}
            onChoose={setChosenB}
          />
        </Box>
      )}
    </Paper>
  );
}
