// `#/diff/<a>/<b>`: two trajectories side by side, aligned step by step (typically a success and
// a failure of the same task), with the first divergence highlighted and scrolled into view.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { TrajectoryDetail, Turn } from '../../../shared/model';
import { alignTurns, type TurnAlignment } from '../../../shared/trajectory-alignment';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount, formatReward } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { diffHref } from '../../routing/routes';
import { DiffSideSummary } from './DiffSideSummary';
import { DiffTable } from './DiffTable';
import { turnName } from '../../components/step-names';

type Props = { a: string; b: string };

// Previews carry their full length, so long turns that merely share a prefix are not "same".
const alignable = (turns: Turn[]) =>
  turns.map((t) => ({
    role: t.role,
    content: t.content,
    tool_calls: t.tool_calls,
    content_truncated: t.content_truncated,
    content_length: t.content_length,
  }));

function columnLabel(t: TrajectoryDetail): string {
  const outcome = t.success === null ? 'unknown outcome' : t.success ? 'success' : 'failure';
  return `${t.trajectory_id} · ${outcome} · reward ${formatReward(t.reward)}`;
}

function summary(alignment: TurnAlignment, turnsA: Turn[], turnsB: Turn[]): string {
  const { rows, first_divergence: first, counts } = alignment;
  const tally = `${formatCount(counts.same)} identical, ${formatCount(counts.changed)} changed, ${formatCount(counts.only_a)} only in A, ${formatCount(counts.only_b)} only in B`;
  const row = first === null ? undefined : rows[first];
  if (row === undefined) return `The two trajectories take identical steps (${tally}).`;
  const at = (turns: Turn[], index: number | null) =>
    index === null ? 'no step' : turnName(turns[index]?.turn_index ?? index);
  return `First divergence: ${at(turnsA, row.a)} in A, ${at(turnsB, row.b)} in B · ${tally}.`;
}

export function DiffPage({ a, b }: Props) {
  const left = useApi('getTrajectory', { trajectory_id: a });
  const right = useApi('getTrajectory', { trajectory_id: b });
  const [jumpNonce, setJumpNonce] = useState(0);
  const alignment = useMemo(
    () =>
      left.data === undefined || right.data === undefined
        ? undefined
        : alignTurns(alignable(left.data.turns), alignable(right.data.turns)),
    [left.data, right.data],
  );
  const error = left.error ?? right.error;

  return (
    <>
      <PageHeader
        overline="Diff"
        title="Side by side"
        subtitle="Two trajectories aligned step by step; identical steps fold, the first divergence is outlined."
        actions={
          <Button variant="outlined" href={diffHref(b, a)}>
            Swap sides
          </Button>
        }
      />
      {error !== undefined ? (
        error.code === 'not_found' ? (
          <Alert severity="warning">{error.message}</Alert>
        ) : (
          <ErrorAlert
            error={error}
            title="Could not load the trajectories"
            onRetry={() => {
              left.reload();
              right.reload();
            }}
          />
        )
      ) : left.data === undefined || right.data === undefined || alignment === undefined ? (
        <>
          <Skeleton variant="rounded" height={110} sx={{ mb: 2 }} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={90} sx={{ mb: 1 }} />
          ))}
        </>
      ) : (
        <>
          <Paper sx={{ p: 2, mb: 2 }}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                gap: 2,
              }}
            >
              <DiffSideSummary side="A" trajectory={left.data.trajectory} />
              <DiffSideSummary side="B" trajectory={right.data.trajectory} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="body2" data-testid="diff-summary" sx={{ flex: 1 }}>
                {summary(alignment, left.data.turns, right.data.turns)}
              </Typography>
              {alignment.first_divergence !== null && (
                <Button size="small" onClick={() => setJumpNonce((n) => n + 1)}>
                  Jump to first divergence
                </Button>
              )}
            </Box>
            {left.data.trajectory.task_id !== right.data.trajectory.task_id && (
              <Alert severity="info" sx={{ mt: 1.5 }}>
                These trajectories are for different tasks, so most steps will differ.
              </Alert>
            )}
          </Paper>
          <DiffTable
            a={{ id: a, label: columnLabel(left.data.trajectory), turns: left.data.turns }}
            b={{ id: b, label: columnLabel(right.data.trajectory), turns: right.data.turns }}
            alignment={alignment}
            jumpNonce={jumpNonce}
          />
        </>
      )}
    </>
  );
}
