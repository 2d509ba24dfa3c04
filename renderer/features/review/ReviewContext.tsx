// The item's segment in its trajectory: the segment's turns, outlined, with a few turns before and
// after, as the trajectory view shows them (previews; a long turn's full text is paged on request).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { TurnCard } from '../../transcript/TurnCard';
import { TurnErrorBoundary } from '../../transcript/TurnErrorBoundary';
import { turnCardClasses } from '../../transcript/turn-card-styles';
import { TurnListRoot } from '../../transcript/turn-styles';

/** The segment's cards are outlined; the turns around them, shown for context, are faded. */
const IN_SEGMENT = {
  [`& > .${turnCardClasses.turn}`]: { outline: '2px solid', outlineColor: 'primary.main' },
} as const;
const AROUND_SEGMENT = { opacity: 0.7 } as const;

/** Turns shown before and after the segment. */
export const CONTEXT_TURNS = 2;
/** How long an item is shown before its trajectory loads. */
export const SETTLE_MS = 120;
/** Turns shown for a whole trajectory added by hand. */
const WHOLE_TRAJECTORY_TURNS = 6;

type Props = {
  trajectoryId: string;
  /** The segment's turns; null for a whole trajectory. */
  range: { start: number; end: number } | null;
};

export function ReviewContext({ trajectoryId, range }: Props) {
  // Loaded once the item has been shown for a moment: holding j must not queue a trajectory per
  // item passed in front of the next decision (the engine answers one request at a time).
  const settled = useDebouncedValue(trajectoryId, SETTLE_MS);
  const first = range === null ? 0 : Math.max(0, range.start - CONTEXT_TURNS);
  const last = range === null ? WHOLE_TRAJECTORY_TURNS - 1 : range.end + CONTEXT_TURNS;
  // Only the turns shown travel: a segment of a 2,000-turn trajectory is a handful of turns.
  const detail = useApi(
    'getTrajectory',
    { trajectory_id: settled, turns: { from: first, to: last } },
    { enabled: settled === trajectoryId },
  );
  if (detail.error !== undefined) {
    return detail.error.code === 'not_found' ? (
      <Alert severity="warning">{detail.error.message}</Alert>
    ) : (
      <ErrorAlert
        error={detail.error}
        title="Could not load the trajectory"
        onRetry={detail.reload}
      />
    );
  }
  if (detail.data === undefined) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={80} />
        ))}
      </Box>
    );
  }
  const shown = detail.data.turns;
  const total = detail.data.trajectory.n_turns;
  const before = Math.min(first, total);
  const after = Math.max(0, total - 1 - last);
  const inSegment = (index: number) => range !== null && index >= range.start && index <= range.end;
  const note = (count: number, where: string) =>
    count > 0 && (
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', my: 0.5 }}>
        … {count} {count === 1 ? 'turn' : 'turns'} {where}
      </Typography>
    );
  return (
    <TurnListRoot data-testid="review-context" data-first={first} data-last={last}>
      {note(before, 'before')}
      {shown.map((turn) => (
        <Box
          key={turn.turn_index}
          data-testid="review-context-turn"
          data-turn={turn.turn_index}
          data-in-segment={inSegment(turn.turn_index) ? 'true' : undefined}
          sx={inSegment(turn.turn_index) ? IN_SEGMENT : AROUND_SEGMENT}
        >
          <TurnErrorBoundary turn={turn}>
            <TurnCard trajectoryId={trajectoryId} turn={turn} />
          </TurnErrorBoundary>
        </Box>
      ))}
      {note(after, 'after')}
    </TurnListRoot>
  );
}
